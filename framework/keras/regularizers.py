"""``keras.regularizers``: tapeflow's ``layers.regularizers``, loaded on first use."""
from ._forward import forward

__getattr__, __dir__ = forward('layers.regularizers', 'keras.regularizers')
