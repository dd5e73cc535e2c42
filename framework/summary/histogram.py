"""The buckets of a histogram summary, as TensorBoard's ``histogram_v2`` computes them."""
import numpy as np


def histogram_buckets(data, bucket_count):
    """A float64 array (bucket_count, 3) of (left edge, right edge, count).

    ``bucket_count`` equal-width buckets span [min, max], the last closed on the right;
    data with a single value puts every count in the last bucket, both edges at that value;
    empty data gives zeros.

    Raises:
        ValueError: a negative bucket_count.
    """
    bucket_count = int(bucket_count)
    if bucket_count < 0:
        raise ValueError('tf.summary.histogram: buckets must be >= 0, got %d' % bucket_count)
    data = np.asarray(data, dtype=np.float64).reshape(-1)
    if bucket_count == 0 or data.size == 0:
        return np.zeros((bucket_count, 3))
    low, high = data.min(), data.max()
    if high == low:
        counts = np.zeros(bucket_count)
        counts[-1] = data.size
        return np.stack([np.full(bucket_count, low), np.full(bucket_count, low), counts], axis=1)
    width = (high - low) / bucket_count
    indices = np.minimum(np.floor((data - low) / width).astype(np.int64), bucket_count - 1)
    counts = np.bincount(indices, minlength=bucket_count).astype(np.float64)
    edges = np.linspace(low, high, bucket_count + 1)
    edges[-1] = high
    return np.stack([edges[:-1], edges[1:], counts], axis=1)
