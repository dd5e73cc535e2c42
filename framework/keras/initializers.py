"""``keras.initializers``: tapeflow's ``layers.initializers``, loaded on first use."""
from ._forward import forward

__getattr__, __dir__ = forward('layers.initializers', 'keras.initializers')
