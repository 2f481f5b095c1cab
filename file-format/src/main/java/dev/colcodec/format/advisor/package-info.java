/**
 * The encoding advisor: for one column of values, tries every compatible Parquet and TsFile encoding
 * with every page compression codec on a sample, keeps the pairs that round-trip exactly, measures
 * bytes per value and decode speed, and recommends one pair per {@link dev.colcodec.format.advisor.Policy}.
 * Start at {@link dev.colcodec.format.advisor.EncodingAdvisor}.
 */
package dev.colcodec.format.advisor;
