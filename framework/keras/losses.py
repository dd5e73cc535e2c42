"""``keras.losses``: tapeflow's ``framework.losses``, loaded on first use."""
from ._forward import forward

__getattr__, __dir__ = forward('framework.losses', 'keras.losses')
