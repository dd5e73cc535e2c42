"""``tf.keras.preprocessing.sequence``: ``pad_sequences`` and the word2vec helpers ``skipgrams``
and ``make_sampling_table`` (tf.keras still exports them; the word2vec tutorial uses them)."""
from .sequences import pad_sequences  # noqa: F401
from .skipgrams import make_sampling_table, skipgrams  # noqa: F401
