"""``keras.saving``: load_model, save_model and the custom-object registry (tapeflow's ``layers.saving``)."""
from ._forward import forward

__getattr__, __dir__ = forward('layers.saving', 'keras.saving')
