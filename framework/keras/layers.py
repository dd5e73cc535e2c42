"""``keras.layers``: tapeflow's ``layers``, loaded on first use."""
from ._forward import forward

# Keras 3's deserialize refuses a config without 'module' (moduleless_configs); tapeflow's loaders do not
__getattr__, __dir__ = forward('layers', 'keras.layers',
                               extra={'deserialize': 'framework.keras.moduleless_configs:deserialize_layer'})
