"""Batches holding a Python list, which TensorFlow's input pipelines refuse.

Keras 3 on TF 2.21 feeds a generator or a PyDataset to fit / evaluate / predict through
``tf.data.Dataset.from_generator``, whose structures take a list as one value, not as a
sequence of tensors: ``(x, [y1, y2])`` fails when the pipeline is built, ``(x, (y1, y2))`` runs.
"""


def check_batch(batch):
    """Refuse, in TensorFlow's words, a batch (x, y, sample_weight) one of whose parts holds a list.

    Raises:
        TypeError: ``from_generator``'s error for a list in its output signature.
    """
    if isinstance(batch, (list, tuple)) and any(holds_list(part) for part in batch):
        raise list_in_batch_error()


def holds_list(part):
    """Whether ``part`` (x, y or sample_weight of a batch) has a list anywhere in it."""
    if isinstance(part, list):
        return True
    if isinstance(part, tuple):
        return any(holds_list(p) for p in part)
    if isinstance(part, dict):
        return any(holds_list(p) for p in part.values())
    return False


def list_in_batch_error():
    return TypeError('`output_signature` must contain objects that are subclass of `tf.TypeSpec` '
                     "but found <class 'list'> which is not.")
