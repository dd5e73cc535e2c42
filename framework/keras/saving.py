"""``keras.saving``: load_model, save_model and the custom-object registry (tapeflow's ``layers.saving``)."""
from ._forward import forward

__getattr__, __dir__ = forward('layers.saving', 'keras.saving', extra={
    'CustomObjectScope': 'framework.keras.custom_objects:CustomObjectScope',
    'KerasFileEditor': 'layers.saving.file_editor:KerasFileEditor',
    'custom_object_scope': 'framework.keras.custom_objects:custom_object_scope',
    'get_custom_objects': 'framework.keras.custom_objects:get_custom_objects',
    'get_registered_object': 'framework.keras.custom_objects:get_registered_object',
    'serialize_keras_object': 'framework.keras.object_serialization:serialize_keras_object',
    'deserialize_keras_object': 'framework.keras.moduleless_configs:deserialize_keras_object'})
