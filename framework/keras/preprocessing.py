"""``keras.preprocessing``, tf.keras's older home of ``sequence.pad_sequences``."""
from . import sequences as sequence  # noqa: F401  (keras.preprocessing.sequence.pad_sequences)
