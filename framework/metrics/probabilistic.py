"""Cross-entropy and divergence metrics: running means of the matching per-sample losses."""
from ..losses import probabilistic as formulas
from .reduction import MeanMetricWrapper


class _ConfiguredMean(MeanMetricWrapper):
    # Config: name, dtype and the function's own arguments (not the function itself).
    def get_config(self):
        return dict({'name': self.name, 'dtype': self._dtype}, **self._fn_kwargs)


class BinaryCrossentropy(_ConfiguredMean):
    """Running mean of the binary cross-entropy per sample."""

    def __init__(self, name='binary_crossentropy', dtype=None, from_logits=False, label_smoothing=0):
        super().__init__(formulas.binary_crossentropy, name=name, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing)
        self.from_logits, self.label_smoothing = from_logits, label_smoothing     # Keras 3's attributes


class CategoricalCrossentropy(_ConfiguredMean):
    """Running mean of the categorical cross-entropy per sample (one-hot labels)."""

    def __init__(self, name='categorical_crossentropy', dtype=None, from_logits=False, label_smoothing=0,
                 axis=-1):
        super().__init__(formulas.categorical_crossentropy, name=name, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)
        self.from_logits, self.label_smoothing, self.axis = from_logits, label_smoothing, axis


class SparseCategoricalCrossentropy(_ConfiguredMean):
    """Running mean of the sparse categorical cross-entropy per sample (integer labels)."""

    def __init__(self, name='sparse_categorical_crossentropy', dtype=None, from_logits=False,
                 ignore_class=None, axis=-1):
        super().__init__(formulas.sparse_categorical_crossentropy, name=name, dtype=dtype,
                         from_logits=from_logits, ignore_class=ignore_class, axis=axis)
        self.from_logits, self.ignore_class, self.axis = from_logits, ignore_class, axis


class KLDivergence(_ConfiguredMean):
    """Running mean of sum(y_true * log(y_true / y_pred)) per sample."""

    def __init__(self, name='kl_divergence', dtype=None):
        super().__init__(formulas.kl_divergence, name=name, dtype=dtype)


class Poisson(_ConfiguredMean):
    """Running mean of mean(y_pred - y_true * log(y_pred)) per sample."""

    def __init__(self, name='poisson', dtype=None):
        super().__init__(formulas.poisson, name=name, dtype=dtype)
