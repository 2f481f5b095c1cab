package dev.colcodec.format.advisor;

import java.util.Comparator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * How the {@link EncodingAdvisor} picks one candidate. Ties keep the earlier candidate in measuring
 * order (encodings in {@link Encodings#all()} order, codecs in the advisor's order), so a choice made
 * on sizes alone is deterministic.
 */
public enum Policy {
    /** Fewest encoded bytes; among equal sizes, the fastest decode. */
    SMALLEST,
    /** Fastest decode; among equal speeds, the fewest bytes. */
    FASTEST,
    /**
     * Fewest encoded bytes among the candidates that decode at least {@code 1 /} {@link
     * #BALANCED_SLOWDOWN} as fast as the fastest candidate (so within 2x of the fastest decode); among
     * equal sizes, the fastest.
     */
    BALANCED;

    /** How much slower than the fastest candidate a BALANCED choice may decode. */
    public static final double BALANCED_SLOWDOWN = 2.0;

    private static final Comparator<Candidate> BY_SIZE = Comparator.comparingLong(Candidate::encodedBytes);
    private static final Comparator<Candidate> BY_SPEED =
            Comparator.comparingDouble(Candidate::valuesPerSecond).reversed();

    /** The candidate this policy picks; throws {@link NoSuchElementException} if there is none. */
    public Candidate choose(List<Candidate> candidates) {
        if (candidates.isEmpty()) {
            throw new NoSuchElementException("no candidate encoding round-tripped the column");
        }
        switch (this) {
            case SMALLEST:
                return first(candidates, BY_SIZE.thenComparing(BY_SPEED), 0);
            case FASTEST:
                return first(candidates, BY_SPEED.thenComparing(BY_SIZE), 0);
            case BALANCED: {
                double fastest = first(candidates, BY_SPEED, 0).valuesPerSecond();
                return first(candidates, BY_SIZE.thenComparing(BY_SPEED), fastest / BALANCED_SLOWDOWN);
            }
            default:
                throw new AssertionError(this);
        }
    }

    /** The first minimum under {@code order} among candidates at least {@code minSpeed} fast. */
    private static Candidate first(List<Candidate> candidates, Comparator<Candidate> order, double minSpeed) {
        Candidate best = null;
        for (Candidate c : candidates) {
            if (c.valuesPerSecond() >= minSpeed && (best == null || order.compare(c, best) < 0)) {
                best = c;
            }
        }
        return best;
    }
}
