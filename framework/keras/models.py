"""``keras.models``: Sequential, Model, clone_model, save_model and load_model, loaded on first use."""
from ._forward import forward

_MODELS = {
    'Model': 'layers.model:Model', 'Sequential': 'layers.sequential:Sequential',
    'load_model': 'layers.saving:load_model', 'save_model': 'layers.saving:save_model',
    'clone_model': 'framework.keras.cloning:clone_model',
    'model_from_json': 'framework.keras.moduleless_configs:model_from_json'}
__getattr__, _ = forward('layers', 'keras.models', extra=_MODELS, star_names=sorted(_MODELS))


def __dir__():
    return sorted(_MODELS)       # Keras 3's six names (the layers stay reachable, unlisted)
