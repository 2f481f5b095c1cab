package dev.colcodec.tsfile.sprintz;

/**
 * TsFile's FIRE predictor ({@code IntFire}/{@code LongFire}): the next value is the previous one plus
 * a learned fraction of the previous step. Its state is reset at the start of every 9-value block.
 * Arithmetic wraps in the type's width, and the accumulator is an {@code int} for both widths.
 */
final class FirePredictor {
    private final SprintzType type;
    private int accumulator;
    private long delta;

    FirePredictor(SprintzType type) {
        this.type = type;
    }

    void reset() {
        accumulator = 0;
        delta = 0;
    }

    long predict(long previous) {
        long alpha = accumulator >> type.learnShift;
        long diff = type.norm(alpha * delta) >> type.fireBits;
        return type.norm(previous + diff);
    }

    void train(long previous, long value, long error) {
        long gradient = error > 0 ? type.norm(-delta) : delta;
        accumulator = (int) (accumulator - gradient);
        delta = type.norm(value - previous);
    }
}
