"""``keras.constraints``: tapeflow's ``layers.constraints``, loaded on first use."""
from ._forward import forward

__getattr__, __dir__ = forward('layers.constraints', 'keras.constraints')
