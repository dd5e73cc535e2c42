"""``class_weight``: a weight per sample looked up from its class (the label itself, or its argmax for
one-hot labels), as Keras 3's data adapters make it."""
import numpy as np

from framework.backend import to_host
from framework.tensor import Tensor


def class_weight_to_sample_weights(y, class_weight):
    """One weight per sample: ``class_weight[label]`` (labels from one-hot rows by argmax), else 1.

    Raises:
        TypeError: labels of more than one class per sample (a (N, H, W, 1) mask), which Keras 3's
            array path cannot map either; per-pixel weights come from a tf.data.Dataset.
    """
    _require_method(class_weight, 'get')
    labels = np.asarray(to_host(y._data if isinstance(y, Tensor) else y))
    shape = labels.shape
    if labels.ndim > 1:
        labels = np.argmax(labels, axis=-1) if labels.shape[-1] != 1 else labels[..., 0]
    if labels.ndim > 1:
        # TF 2.21's words (Keras 3's loop reads each sample's label with int(), which numpy 2 refuses for
        # any array of rank 1 or more: a (N, 1, 1) y too, /work/notes/progs/errors60/fit2.py); what to do in a note
        error = TypeError('only 0-dimensional arrays can be converted to Python scalars')
        error.add_note('class_weight: y of shape %s holds %d labels per sample (of shape %s); with arrays Keras 3 '
                       'weighs one class per sample (y of shape (N,), (N, 1) or one-hot rows): give the data as a '
                       'tf.data.Dataset, where class_weight weighs each label, or pass per-label weights as '
                       'sample_weight' % (shape, labels[0].size, labels[0].shape))
        raise error
    labels = np.round(labels).astype(np.int64).reshape(-1)
    weights = np.ones(len(labels), dtype=np.float32)
    # Keras 3 weighs each sample by class_weight.get(int(label), 1.0): keys that are no class index
    # ('a', 1.5) weigh nothing, True and 1.0 are class 1, as dict lookups make them
    for label in np.unique(labels):
        weights[labels == label] = class_weight.get(int(label), 1.0)
    return weights


def class_weight_table(class_weight):
    """[weight of class 0, 1, ..., max(key)], 1.0 for the classes ``class_weight`` leaves out:
    the lookup table Keras 3 gathers a tf.data.Dataset's label weights from. Its Python as Keras
    runs it: a key 'a' fails max() beside ints or + 1 with Python's TypeError, a float maximum range()."""
    _require_method(class_weight, 'keys')
    return [class_weight.get(label, 1.0) for label in range(max(class_weight.keys()) + 1)]


def _require_method(class_weight, method):
    """Python's AttributeError where Keras 3 calls class_weight.get (arrays) or .keys (datasets)."""
    try:
        getattr(class_weight, method)
    except AttributeError as error:     # Python's words: an array is a 'numpy.ndarray' object there
        error.add_note('class_weight: expected a dict {class index: weight}, got %r' % (class_weight,))
        raise
