"""``keras.layers``: tapeflow's ``layers``, loaded on first use."""
from ._forward import forward

__getattr__, __dir__ = forward('layers', 'keras.layers')
