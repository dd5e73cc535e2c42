"""``keras.wrappers.SKLearnClassifier / SKLearnRegressor / SKLearnTransformer``: a compiled
Keras model as a scikit-learn estimator, with Keras 3.15's behaviour.

``model`` is a compiled Model (cloned, compile arguments included, before each fit) or a
callable ``model(X=X, y=y, **model_kwargs)`` returning one. ``fit`` validates X and y with
scikit-learn, encodes the targets (the classifier one-hot encodes its labels; the others give
1-D targets a second axis) and calls ``model.fit(X, y, **fit_kwargs, **kwargs)``; ``predict``
decodes the model's outputs back (the classifier's argmax labels, the regressor's 1-D values).
As in Keras 3.15, keyword arguments given to ``fit`` are also written into ``fit_kwargs``, and
``warm_start`` is stored but a Model is still cloned.

scikit-learn is optional: without it the classes exist and raise Keras's ImportError when made.
"""
import copy

import numpy as np

try:
    import sklearn
    from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin, TransformerMixin
except ImportError:           # the wrappers then refuse to be made (see _require_sklearn)
    sklearn = None

    class BaseEstimator:      # distinct stand-ins, so that the classes below still have an MRO
        pass

    class ClassifierMixin:
        pass

    class RegressorMixin:
        pass

    class TransformerMixin:
        pass


def _require_sklearn(who):
    if sklearn is None:
        raise ImportError('%s requires `scikit-learn` to be installed. Run `pip install scikit-learn` to install it.'
                          % who)


def _validate(estimator, X, y=None, reset=True):
    """scikit-learn's input checks (n_features_in_ is set by fit and checked by predict)."""
    from sklearn.utils.validation import validate_data
    if y is None:
        return validate_data(estimator, X, reset=reset)
    return validate_data(estimator, X, y, reset=reset)


def _target_type(y):
    from sklearn.utils.multiclass import type_of_target
    kind = type_of_target(y)
    if kind == 'unknown':
        raise ValueError('Unknown label type for data: %r' % (y,))
    return kind


class _SKLearnModel(BaseEstimator):
    """What the three wrappers share: building, checking and fitting the model."""

    def __init__(self, model, warm_start=False, model_kwargs=None, fit_kwargs=None):
        _require_sklearn(type(self).__name__)
        self.model = model
        self.warm_start = warm_start
        self.model_kwargs = model_kwargs
        self.fit_kwargs = fit_kwargs

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.non_deterministic = True
        return tags

    def __sklearn_clone__(self):
        # Keras's clone: a deep copy of a Model (a callable is shared); fit_kwargs are not carried over
        model = self.model if callable(self.model) else copy.deepcopy(self.model)
        return type(self)(model=model, warm_start=self.warm_start, model_kwargs=self.model_kwargs)

    @property
    def epoch_(self):
        """The current training epoch (0 before fit)."""
        return getattr(self, 'history_', {}).get('epoch', 0)

    def _new_model(self, X, y):
        from layers.model import Model
        from .cloning import clone_model
        if isinstance(self.model, Model):
            return clone_model(self.model)
        return self.model(X=X, y=y, **(self.model_kwargs or {}))

    def fit(self, X, y, **kwargs):
        """Fit a new model on X (n_samples, n_features) and y; returns self.

        Raises:
            RuntimeError: the model is not compiled with a loss and an optimizer.
            ValueError: scikit-learn's checks of X and y, or a target type the wrapper cannot encode.
        """
        X, y = _validate(self, X, y)
        y = self._encode_target(y, reset=True)
        model = self._new_model(X, y)
        if not getattr(model, 'compiled', False) or not model.loss or not model.optimizer:
            raise RuntimeError('Given model needs to be compiled, and have a loss and an optimizer.')
        fit_kwargs = self.fit_kwargs or {}
        fit_kwargs.update(kwargs)
        self.history_ = model.fit(X, y, **fit_kwargs)
        self.model_ = model
        return self

    def predict(self, X):
        """The model's predictions for X, decoded as the targets were given to fit."""
        from sklearn.utils.validation import check_is_fitted
        check_is_fitted(self)
        X = _validate(self, X, reset=False)
        return self._decode_target(self.model_.predict(X))

    def _encode_target(self, y, reset=False):
        _target_type(y)
        if reset:
            self._target_ndim = y.ndim
        return y.reshape(-1, 1) if y.ndim == 1 else y

    def _decode_target(self, outputs):
        if self._target_ndim == 1 and outputs.ndim == 2:
            return np.squeeze(outputs, axis=1)
        return outputs


class SKLearnClassifier(ClassifierMixin, _SKLearnModel):
    """A Keras classifier as a scikit-learn estimator (labels one-hot encoded for the model).

    Attributes:
        model_: the fitted model; history_: its fit History; classes_: the sorted labels.
    Raises:
        ValueError: targets that are not binary or multiclass, or only one class.
    """

    def decision_function(self, X):
        """The model's raw outputs for X."""
        from sklearn.utils.validation import check_is_fitted
        check_is_fitted(self)
        return self.model_.predict(_validate(self, X, reset=False))

    def _encode_target(self, y, reset=False):
        kind = _target_type(y)
        if kind not in ('binary', 'multiclass'):
            raise ValueError('Only binary and multiclass target types are supported. Target type: %s' % kind)
        if reset:
            from sklearn.preprocessing import OneHotEncoder
            self._target_ndim = y.ndim
            self._one_hot = OneHotEncoder(sparse_output=False).fit(y.reshape(-1, 1) if y.ndim == 1 else y)
            self.classes_ = np.unique(y)
            if len(self.classes_) == 1:
                raise ValueError("Classifier can't train when only one class is present.")
        return self._one_hot.transform(y.reshape(-1, 1) if y.ndim == 1 else y)

    def _decode_target(self, outputs):
        return super()._decode_target(self._one_hot.inverse_transform(outputs))

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.poor_score = True
        return tags


class SKLearnRegressor(RegressorMixin, _SKLearnModel):
    """A Keras regressor as a scikit-learn estimator (1-D targets get a second axis for the model).

    Attributes:
        model_: the fitted model; history_: its fit History.
    """

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.regressor_tags.poor_score = True
        return tags


class SKLearnTransformer(TransformerMixin, _SKLearnModel):
    """A Keras model as a scikit-learn transformer: ``transform(X)`` is the model's prediction.

    Attributes:
        model_: the fitted model; history_: its fit History.
    """

    def transform(self, X):
        """The model's outputs for X (n_samples, n_features)."""
        from sklearn.utils.validation import check_is_fitted
        check_is_fitted(self)
        return self.model_.predict(_validate(self, X, reset=False))

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.transformer_tags.preserves_dtype = []
        return tags
