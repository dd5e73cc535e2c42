"""``tf.compat.v1.metrics``: TF 1's streaming metrics (``acc, acc_op = tf.metrics.accuracy(labels, pred)``),
which keep local variables a Session updates and TF 2.21 refuses eagerly with a RuntimeError, where a
TF 1-era eager program computed its accuracy itself (``tf.reduce_mean(tf.cast(tf.equal(...), tf.float32))``)
or uses ``tf.keras.metrics.Accuracy``. Each name here raises TF's words (TF's own slips kept: precision_at_k
names sparse_precision_at_k, recall says 'is not supported' twice); TF's deprecated ones log its notice."""
import types

from ..deprecation import deprecated

_NAMES = ('accuracy', 'auc', 'average_precision_at_k', 'false_negatives', 'false_negatives_at_thresholds',
          'false_positives', 'false_positives_at_thresholds', 'mean', 'mean_absolute_error', 'mean_cosine_distance',
          'mean_iou', 'mean_per_class_accuracy', 'mean_relative_error', 'mean_squared_error', 'mean_tensor',
          'percentage_below', 'precision', 'precision_at_k', 'precision_at_thresholds', 'precision_at_top_k', 'recall',
          'recall_at_k', 'recall_at_thresholds', 'recall_at_top_k', 'root_mean_squared_error',
          'sensitivity_at_specificity', 'sparse_average_precision_at_k', 'sparse_precision_at_k',
          'specificity_at_sensitivity', 'true_negatives', 'true_negatives_at_thresholds', 'true_positives',
          'true_positives_at_thresholds')
_REFUSED_AS = {'average_precision_at_k': 'sparse_average_precision_at_k', 'precision_at_k': 'sparse_precision_at_k',
               'recall': 'recall is not supported'}     # the name TF 2.21's text gives
_DEPRECATED = {
    'auc': 'The value of AUC returned by this may race with the update so this is deprecated. Please use '
           'tf.keras.metrics.AUC instead.',
    'sparse_average_precision_at_k': 'Use average_precision_at_k instead',
    'sparse_precision_at_k': 'Use precision_at_k instead'}


def _refusal(name):
    def metric(*args, **kwargs):
        raise RuntimeError('tf.metrics.%s is not supported when eager execution is enabled.'
                           % _REFUSED_AS.get(name, name))
    metric.__name__ = metric.__qualname__ = name
    if name in _DEPRECATED:
        metric = deprecated(name, 'tensorflow.python.ops.metrics_impl', _DEPRECATED[name])(metric)
    return metric


metrics = types.ModuleType('framework.compat.v1.metrics', __doc__)
vars(metrics).update({name: _refusal(name) for name in _NAMES})
