"""``keras.metrics``: tapeflow's ``framework.metrics``, loaded on first use."""
from ._forward import forward

__getattr__, __dir__ = forward('framework.metrics', 'keras.metrics')
