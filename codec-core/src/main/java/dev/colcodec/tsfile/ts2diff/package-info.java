/**
 * TsFile TS_2DIFF: self-contained blocks of up to 129 values (first value + up to 128 deltas) with a
 * big-endian header and MSB-first packed {@code delta - minDelta}, for INT32/DATE and INT64/TIMESTAMP,
 * plus TsFile's lossy FLOAT/DOUBLE wrapper over them. The INT64 reader can peek at block headers to
 * skip whole blocks outside a time range.
 */
package dev.colcodec.tsfile.ts2diff;
