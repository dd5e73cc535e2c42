"""``keras.callbacks``: tapeflow's ``layers.callbacks``, loaded on first use."""
from ._forward import forward

__getattr__, __dir__ = forward('layers.callbacks', 'keras.callbacks')
