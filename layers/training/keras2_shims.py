"""Keras 3's backwards-compatibility shims for train_steps written for Keras 2.

The Keras 2 guide "Customizing what happens in fit()" wrote ``loss = self.compiled_loss(y, y_pred,
regularization_losses=self.losses)`` and ``self.compiled_metrics.update_state(y, y_pred)``; Keras 3
(TF 2.21) still runs them, each with a deprecation warning, so ported programs do too. Its shim is
copied as it is, quirk included: ``compiled_metrics.update_state`` updates every metric in
``self.metrics``, a ``Mean`` (the loss tracker) with y_pred, so such a step's 'loss' log is the mean
prediction (TF 2.21 prints it).
"""
import sys
import warnings

from framework import metrics as metrics_module
from framework.trace_time_logs import warn_as_traced as _warn_as_traced


class Keras2Shims:
    """``compiled_loss`` and ``compiled_metrics`` as Keras 3's TF trainer defines them."""

    @property
    def compiled_metrics(self):
        model = self

        class DeprecatedCompiledMetric:
            def update_state(_, y, y_pred, sample_weight=None):
                return model._compiled_metrics_update_state(y, y_pred, sample_weight=sample_weight)

        # (printed as Keras 3's: <keras.src.backend.tensorflow.trainer.TensorFlowTrainer.compiled_metrics.<locals>...>)
        DeprecatedCompiledMetric.__module__ = 'keras.src.backend.tensorflow.trainer'
        DeprecatedCompiledMetric.__qualname__ = 'TensorFlowTrainer.compiled_metrics.<locals>.DeprecatedCompiledMetric'
        return DeprecatedCompiledMetric()

    def _compiled_metrics_update_state(self, y, y_pred, sample_weight=None):
        _warn_as_traced('`model.compiled_metrics()` is deprecated. Instead, use e.g.:\n```\nfor metric in '
                        'self.metrics:\n    metric.update_state(y, y_pred)\n```\n', stacklevel=2)
        for metric in self.metrics:
            if isinstance(metric, metrics_module.Mean):
                metric.update_state(y_pred, sample_weight=sample_weight)
            else:
                metric.update_state(y, y_pred, sample_weight=sample_weight)

    def compiled_loss(self, y, y_pred, sample_weight=None, regularization_losses=None):
        """The compiled loss (plus the model's added losses, as compute_loss sums them);
        ``regularization_losses`` is ignored, as in Keras 3."""
        _warn_as_traced('`model.compiled_loss()` is deprecated. Instead, use '
                        '`model.compute_loss(x, y, y_pred, sample_weight, training)`.')
        return self.compute_loss(x=None, y=y, y_pred=y_pred, sample_weight=sample_weight)


# Printed as Keras 3's TF trainer defines it (print(model.compiled_loss): <bound method TensorFlowTrainer.compiled_loss
# of <Sequential ...>>); a bound method pickles by its name, not this
Keras2Shims.compiled_loss.__qualname__ = 'TensorFlowTrainer.compiled_loss'
