"""``tf.profiler``: TensorFlow 2.21 keeps only ``tf.profiler.experimental`` under this name."""
from . import experimental  # noqa: F401
