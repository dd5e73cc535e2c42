"""A tf.data Dataset given to train_on_batch / test_on_batch / predict_on_batch.

Keras 3 hands the on-batch step its x as it is; TensorFlow's traced step receives a dataset argument
as a ``_VariantDataset`` (the dataset rebuilt from its variant tensor inside the function), and the
model's call refuses it as a non-tensor positional argument, naming that class: TF 2.21's ValueError
'Only input tensors may be passed as positional arguments. ... <_VariantDataset element_spec=...>
(of type <class 'tensorflow.python.data.ops.dataset_ops._VariantDataset'>)', whatever y is.
"""
from framework import nest
from framework.data import Dataset


def refuse_dataset_batch(x, what):
    """Raise TF 2.21's ValueError when ``x`` (or a leaf of its list / tuple / dict) is a Dataset."""
    leaves = nest.flatten(x) if isinstance(x, (list, tuple, dict)) else [x]
    dataset = next((leaf for leaf in leaves if isinstance(leaf, Dataset)), None)
    if dataset is None:
        return
    error = ValueError('Only input tensors may be passed as positional arguments. The following argument value '
                       'should be passed as a keyword argument: <_VariantDataset element_spec=%s> (of type '
                       "<class 'tensorflow.python.data.ops.dataset_ops._VariantDataset'>)" % (dataset.element_spec,))
    error.add_note('%s takes one batch of arrays or tensors; fit / evaluate / predict read a Dataset' % what)
    raise error
