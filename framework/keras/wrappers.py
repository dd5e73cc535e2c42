"""``keras.wrappers``: Keras models as scikit-learn estimators (scikit-learn is optional)."""
from .sklearn_wrappers import SKLearnClassifier, SKLearnRegressor, SKLearnTransformer  # noqa: F401


# A missing name reads as Keras prints it ("module 'keras.wrappers' has no attribute ..."), not with tapeflow's path
from ._forward import missing_names as _missing_names  # noqa: E402
__getattr__ = _missing_names('keras.wrappers')
