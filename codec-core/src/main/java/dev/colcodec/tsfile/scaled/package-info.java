/**
 * TsFile's lossy FLOAT/DOUBLE wrapper ({@code FloatEncoder}/{@code FloatDecoder}): values scaled by
 * {@code 10^maxPointNumber} and rounded to INT32/INT64 (or stored rounded or as raw bits when that
 * overflows), behind a small header, around an INT32/INT64 stream. TsFile writes it for FLOAT and
 * DOUBLE under TS_2DIFF and RLE; the typed classes of those packages only choose the inner stream.
 */
package dev.colcodec.tsfile.scaled;
