"""``keras.metrics``: tapeflow's ``framework.metrics``, loaded on first use."""
from ._forward import forward
from .namespace_names import METRICS

# Keras 3's serialize is serialize_keras_object ({'module', 'class_name', 'config', 'registered_name'});
# framework.metrics.serialize keeps the two-key form the legacy .h5 files carry.
__getattr__, __dir__ = forward('framework.metrics', 'keras.metrics',
                               {'serialize': 'framework.keras.object_serialization:serialize_keras_object'},
                               listed=METRICS)
