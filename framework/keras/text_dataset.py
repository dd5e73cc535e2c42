"""``keras.utils.text_dataset_from_directory``: a Dataset of (text, label) from a folder of .txt files.

``main_directory/class_a/*.txt``, ``main_directory/class_b/*.txt`` give labels
0 and 1 (subfolders sorted by name). The files are listed and globally
shuffled exactly as Keras 3 does (numpy ``RandomState(seed)``), so the same
seed gives the same training / validation files; the extra buffer shuffle
Keras adds per epoch draws from tapeflow's seeded stream instead of TF's.
"""
import numpy as np

from .directory_index import (check_label_args, check_format, check_validation_split_arg,
                              index_directory, refuse_grain, split_subsets)
from .file_dataset import file_bytes, files_dataset


def text_dataset_from_directory(directory, labels='inferred', label_mode='int', class_names=None, batch_size=32,
                                max_length=None, shuffle=True, seed=None, validation_split=None, subset=None,
                                follow_links=False, format='tf', verbose=True):
    """A Dataset of text strings (bytes), with labels unless ``labels`` or ``label_mode`` is None.

    Args:
        directory: the folder of class subfolders (or of the files, with explicit labels).
        labels: 'inferred', None, or a list of int labels in the sorted order of the files.
        label_mode: 'int' (int32), 'categorical' (float32 one-hot), 'binary' (float32, shape (1,)) or None.
        class_names: with 'inferred', the subfolders to use, in label order.
        batch_size: texts per batch (None: unbatched).
        max_length: keep at most this many bytes of each text.
        shuffle, seed: shuffle the files (a seed is required with validation_split).
        validation_split, subset: keep the 'training' or 'validation' part, or 'both' (a list of two).
        follow_links: follow symbolic links to subfolders.
        format: 'tf' (a Dataset); Keras's 'grain' raises TF's ImportError (no grain here).
        verbose: print how many files and classes were found.
    Returns:
        a Dataset with a ``class_names`` attribute, or [train, validation] with subset='both'.
    Raises:
        ValueError: bad labels, label_mode, format or split arguments, or no .txt files.
        ImportError: format='grain'.
    """
    labels, label_mode = check_label_args('text_dataset_from_directory', labels, label_mode, class_names)
    check_format(format)
    check_validation_split_arg(validation_split, subset, shuffle, seed)
    if seed is None:
        seed = np.random.randint(1e6)
    file_paths, labels, class_names = index_directory(directory, labels, formats=('.txt',),
                                                      class_names=class_names, shuffle=shuffle, seed=seed,
                                                      follow_links=follow_links, verbose=verbose)
    if label_mode == 'binary' and len(class_names) != 2:
        raise ValueError('When passing `label_mode="binary"`, there must be exactly 2 class_names. Received: '
                         'class_names=%s' % (class_names,))
    buffer = batch_size * 8 if batch_size else 1024      # Keras: shuffle(shuffle_buffer_size or 1024)
    num_classes = len(class_names) if class_names else 0
    out = []
    for part, paths, part_labels in split_subsets(file_paths, labels, validation_split, subset, 'text files',
                                                  directory, 'Allowed format: .txt'):
        if format == 'grain':                   # refused where Keras first imports grain: files found
            raise refuse_grain('text_dataset_from_directory')
        dataset = _texts(paths, part_labels, label_mode, num_classes, max_length,
                         shuffle and not (subset == 'both' and part == 'validation'), buffer, seed)
        if batch_size is not None:
            dataset = dataset.batch(batch_size)
        dataset = dataset.prefetch(-1)      # Keras's prefetch(AUTOTUNE): prints as _PrefetchDataset, as TF's
        dataset.class_names = class_names
        out.append(dataset)
    return out if subset == 'both' else out[0]


def _texts(paths, labels, label_mode, num_classes, max_length, shuffle, buffer, seed):
    from framework.data.spec import TensorSpec

    def read(path):
        text = file_bytes(path)
        return text if max_length is None else text[:max_length]      # Python bytes, as TF hands out

    return files_dataset(paths, labels, label_mode, num_classes, read, TensorSpec((), 'string'), shuffle, buffer,
                         seed)
