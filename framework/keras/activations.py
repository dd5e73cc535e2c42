"""``keras.activations``: tapeflow's ``layers.activations``, loaded on first use."""
from ._forward import forward

__getattr__, __dir__ = forward('layers.activations', 'keras.activations')
