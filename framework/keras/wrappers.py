"""``keras.wrappers``: Keras models as scikit-learn estimators (scikit-learn is optional)."""
from .sklearn_wrappers import SKLearnClassifier, SKLearnRegressor, SKLearnTransformer  # noqa: F401
