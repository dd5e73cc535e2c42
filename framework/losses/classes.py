"""The Keras loss classes: each is a ``LossFunctionWrapper`` with Keras 3's default
name and arguments, so one mechanism serves them all.

Every class takes ``reduction`` ('sum_over_batch_size' by default), ``name``
and ``dtype`` (float32 by default; inputs are cast to it).
"""
from . import hinge_losses as _hinge, probabilistic as _prob, regression as _reg
from .loss import Loss, LossFunctionWrapper

_AVERAGE = 'sum_over_batch_size'


class MeanSquaredError(LossFunctionWrapper):
    """mean(square(y_true - y_pred)) per sample, then reduced."""

    def __init__(self, reduction=_AVERAGE, name='mean_squared_error', dtype=None):
        super().__init__(_reg.mean_squared_error, reduction=reduction, name=name, dtype=dtype)


class MeanAbsoluteError(LossFunctionWrapper):
    """mean(abs(y_true - y_pred)) per sample, then reduced."""

    def __init__(self, reduction=_AVERAGE, name='mean_absolute_error', dtype=None):
        super().__init__(_reg.mean_absolute_error, reduction=reduction, name=name, dtype=dtype)


class MeanAbsolutePercentageError(LossFunctionWrapper):
    """100 * mean(abs((y_true - y_pred) / y_true)) per sample, then reduced."""

    def __init__(self, reduction=_AVERAGE, name='mean_absolute_percentage_error', dtype=None):
        super().__init__(_reg.mean_absolute_percentage_error, reduction=reduction, name=name, dtype=dtype)


class MeanSquaredLogarithmicError(LossFunctionWrapper):
    """mean(square(log(y_pred + 1) - log(y_true + 1))) per sample, then reduced."""

    def __init__(self, reduction=_AVERAGE, name='mean_squared_logarithmic_error', dtype=None):
        super().__init__(_reg.mean_squared_logarithmic_error, reduction=reduction, name=name, dtype=dtype)


class CosineSimilarity(LossFunctionWrapper):
    """-cosine similarity along ``axis`` per sample, then reduced."""

    def __init__(self, axis=-1, reduction=_AVERAGE, name='cosine_similarity', dtype=None):
        super().__init__(_reg.cosine_similarity, reduction=reduction, name=name, dtype=dtype, axis=axis)

    # Keras 3.15 saves only the name and reduction, so a loaded copy has axis=-1
    # (on TensorFlow too); tapeflow's files say the same.
    get_config = Loss.get_config


class Huber(LossFunctionWrapper):
    """Quadratic for errors up to ``delta``, linear beyond (Keras's name: 'huber_loss')."""

    def __init__(self, delta=1.0, reduction=_AVERAGE, name='huber_loss', dtype=None):
        super().__init__(_reg.huber, reduction=reduction, name=name, dtype=dtype, delta=delta)

    # Keras 3.15 saves only the name and reduction: a Huber(delta=0.5) loads back as
    # delta=1.0, on TensorFlow as here, so a resumed fit follows TensorFlow's history.
    get_config = Loss.get_config


class LogCosh(LossFunctionWrapper):
    """mean(log(cosh(y_pred - y_true))) per sample, then reduced."""

    def __init__(self, reduction=_AVERAGE, name='log_cosh', dtype=None):
        super().__init__(_reg.log_cosh, reduction=reduction, name=name, dtype=dtype)


class Hinge(LossFunctionWrapper):
    """mean(maximum(1 - y_true * y_pred, 0)) per sample, then reduced."""

    def __init__(self, reduction=_AVERAGE, name='hinge', dtype=None):
        super().__init__(_hinge.hinge, reduction=reduction, name=name, dtype=dtype)


class SquaredHinge(LossFunctionWrapper):
    """mean(square(maximum(1 - y_true * y_pred, 0))) per sample, then reduced."""

    def __init__(self, reduction=_AVERAGE, name='squared_hinge', dtype=None):
        super().__init__(_hinge.squared_hinge, reduction=reduction, name=name, dtype=dtype)


class CategoricalHinge(LossFunctionWrapper):
    """maximum(max((1 - y_true) * y_pred) - sum(y_true * y_pred) + 1, 0) per sample, then reduced."""

    def __init__(self, reduction=_AVERAGE, name='categorical_hinge', dtype=None):
        super().__init__(_hinge.categorical_hinge, reduction=reduction, name=name, dtype=dtype)


class KLDivergence(LossFunctionWrapper):
    """sum(y_true * log(y_true / y_pred)) per sample, then reduced."""

    def __init__(self, reduction=_AVERAGE, name='kl_divergence', dtype=None):
        super().__init__(_prob.kl_divergence, reduction=reduction, name=name, dtype=dtype)


class Poisson(LossFunctionWrapper):
    """mean(y_pred - y_true * log(y_pred)) per sample, then reduced."""

    def __init__(self, reduction=_AVERAGE, name='poisson', dtype=None):
        super().__init__(_prob.poisson, reduction=reduction, name=name, dtype=dtype)


class BinaryCrossentropy(LossFunctionWrapper):
    """Binary cross-entropy, from probabilities or (``from_logits=True``) logits."""

    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction=_AVERAGE,
                 name='binary_crossentropy', dtype=None):
        super().__init__(_prob.binary_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits, self.label_smoothing, self.axis = from_logits, label_smoothing, axis


class CategoricalCrossentropy(LossFunctionWrapper):
    """Cross-entropy for one-hot labels, from probabilities or (``from_logits=True``) logits."""

    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction=_AVERAGE,
                 name='categorical_crossentropy', dtype=None):
        super().__init__(_prob.categorical_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.from_logits, self.label_smoothing, self.axis = from_logits, label_smoothing, axis


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    """Cross-entropy for integer labels; ``ignore_class`` labels are left out of the average."""

    def __init__(self, from_logits=False, ignore_class=None, reduction=_AVERAGE, axis=-1,
                 name='sparse_categorical_crossentropy', dtype=None):
        super().__init__(_prob.sparse_categorical_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         from_logits=from_logits, ignore_class=ignore_class, axis=axis)
        self.from_logits, self.ignore_class, self.axis = from_logits, ignore_class, axis

    def get_config(self):
        # Keras 3.15 leaves 'axis' out of the saved config (a loaded copy has axis=-1).
        return dict(Loss.get_config(self), from_logits=self.from_logits, ignore_class=self.ignore_class)
