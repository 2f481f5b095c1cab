/**
 * TsFile's legacy GORILLA_V1 encoding (byte 6) for FLOAT and DOUBLE: an XOR bit stream whose '10'
 * case reuses the leading/trailing zeros of the previous value itself, after a little-endian first
 * value. TsFile 2.4.0 still writes it when asked ({@code TSEncodingBuilder.GorillaV1}).
 */
package dev.colcodec.tsfile.gorillav1;
