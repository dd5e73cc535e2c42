"""The dataset the ``*_dataset_from_directory`` loaders share: indexed files (with their labels)
shuffled as paths, then read one by one, as Keras's TF backend builds it."""
import numpy as np


def files_dataset(paths, labels, label_mode, num_classes, read, element_spec, shuffle, buffer, seed):
    """A Dataset of ``read(path)`` (with the encoded label unless ``label_mode`` is None) per file.

    The paths are shuffled before reading (``shuffle(buffer, seed)``), so fit's epochs draw TF's
    order; ``element_spec`` is what ``read`` returns.
    """
    from framework.data import Dataset
    paths = np.array(paths)
    source = Dataset.from_tensor_slices(paths if label_mode is None else
                                        (paths, encoded_labels(labels, label_mode, num_classes)))
    if shuffle:
        source = source.shuffle(buffer, seed=seed)

    def stream():
        for element in source._make_iterator():
            yield read(element) if label_mode is None else (read(element[0]), element[1])

    spec = element_spec if label_mode is None else (element_spec, source.element_spec[1])
    return source._then(stream, len(paths), lambda: spec)     # _then: fit's unread iterators reach the shuffle


def file_bytes(path):
    """The contents of the file at ``path`` (a str, or the bytes a string tensor holds)."""
    with open(path.decode() if isinstance(path, bytes) else str(path), 'rb') as f:
        return f.read()


def encoded_labels(labels, label_mode, num_classes):
    labels = np.asarray(labels)
    if label_mode == 'binary':
        return labels.astype('float32')[:, None]
    if label_mode == 'categorical':
        return np.eye(num_classes, dtype='float32')[labels]
    return labels.astype('int32')           # as tf.data makes Python int labels
