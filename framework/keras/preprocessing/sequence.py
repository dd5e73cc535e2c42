"""``tf.keras.preprocessing.sequence``: ``pad_sequences``, the word2vec helpers ``skipgrams``
and ``make_sampling_table`` (the word2vec tutorial uses them) and ``TimeseriesGenerator``."""
from ..sequences import pad_sequences  # noqa: F401
from ..skipgrams import make_sampling_table, skipgrams  # noqa: F401


def __getattr__(name):
    if name == 'TimeseriesGenerator':       # a PyDataset: loads the layers package, so on first use
        from ..timeseries_generator import TimeseriesGenerator
        return TimeseriesGenerator
    raise AttributeError("module 'keras.preprocessing.sequence' has no attribute %r" % name)
