package dev.colcodec.format.advisor;

import java.util.List;

/**
 * Everything the advisor measured for one column: the candidates that round-tripped, in measuring
 * order, and the pairs it dropped with the reason.
 *
 * @param candidates exact candidates, in measuring order
 * @param rejections dropped pairs
 */
public record Advice(List<Candidate> candidates, List<Rejection> rejections) {
    /** Copies the lists. */
    public Advice {
        candidates = List.copyOf(candidates);
        rejections = List.copyOf(rejections);
    }

    /** The candidate {@code policy} recommends. */
    public Candidate best(Policy policy) {
        return policy.choose(candidates);
    }
}
