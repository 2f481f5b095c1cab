package dev.colcodec.format.tsfile;

/**
 * A streaming scan made by {@link TsFileReader#scan}: {@link #next()} decodes the next rows into one
 * reused block. A block returned by {@link #next()} (its arrays included) is valid until the next call.
 */
public final class TsScan {
    private final TsFileReader.Scan scan;
    private final int maxRows;
    private final TsBlock fields;
    private final TsColumn[] tagColumns;
    private boolean inDevice;

    TsScan(TsFileReader.Scan scan, int maxRows) {
        this.scan = scan;
        this.maxRows = maxRows;
        this.fields = scan.newFieldBlock();
        this.tagColumns = new TsColumn[scan.columnCount()];
    }

    /**
     * The next rows in range (at least one, at most the scan's block size unless one page holds more), all
     * of one device, with one column per name asked for; null when the scan is over. The block is
     * refilled by the next call.
     */
    public TsBlock next() {
        while (true) {
            if (!inDevice) {
                if (!scan.nextDevice()) {
                    return null;
                }
                inDevice = true;
            }
            fields.clear();
            if (!scan.nextWindow(fields, maxRows)) {
                inDevice = false;
            } else if (fields.size() > 0) {
                return scan.assemble(fields, tagColumns);
            }
        }
    }
}
