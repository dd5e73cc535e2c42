"""Listing a folder of class subfolders into (file paths, labels, class names), as Keras 3 does.

Shared by the ``*_dataset_from_directory`` utilities: subfolders sorted by
name are the classes (label i for the i-th), files are taken in sorted walk
order, and the global shuffle uses numpy ``RandomState(seed)`` on paths and
labels alike, so the same seed lists the same files in the same order as Keras.
"""
import errno
import os

import numpy as np

from framework.errors import noted, shown_as
from .interactive_logging import print_msg


def check_validation_split_arg(validation_split, subset, shuffle, seed):
    """Raise ValueError for a validation_split / subset combination Keras refuses."""
    if validation_split and not 0 < validation_split < 1:
        raise ValueError('`validation_split` must be between 0 and 1, received: %s' % (validation_split,))
    if (validation_split or subset) and not (validation_split and subset):
        error = ValueError('If `subset` is set, `validation_split` must be set, and inversely.')
        error.add_note('got subset=%r, validation_split=%r' % (subset, validation_split))  # str() stays Keras's
        raise error
    if subset not in ('training', 'validation', 'both', None):
        raise ValueError('`subset` must be either "training", "validation" or "both", received: %s' % (subset,))
    if validation_split and shuffle and seed is None:
        raise ValueError('If using `validation_split` and shuffling the data, you must provide a `seed` argument, '
                         'to make sure that there is no overlap between the training and validation subset.')


def check_format(format):
    """Raise Keras's ValueError for a ``format`` that is neither "tf" nor "grain"."""
    if format not in ('tf', 'grain'):
        raise ValueError('`format` should be either "tf" or "grain". Received: format=%s' % (format,))


def refuse_grain(what):
    """format="grain", refused as TF 2.21 without the grain package refuses it once the files are listed."""
    error = ImportError('This requires the grain module. You can install it via `pip install grain`')
    return noted(error, '%s: tapeflow has no grain datasets; use format="tf"' % what)


# Each loader's words in Keras's bad-`labels` message: (its opening, the files, what an unlabelled dataset holds)
_LABELS_WORDS = {'text_dataset_from_directory': ('', 'text files', 'text samples'),
                 'image_dataset_from_directory': ('', 'image files', 'images'),
                 'audio_dataset_from_directory': ('The ', 'audio files', 'audio samples')}


def check_label_args(what, labels, label_mode, class_names):
    """Raise Keras's ValueError for labels / label_mode / class_names it refuses (``what``: the loader,
    named in a note); return (labels, label_mode), both None when either is None (an unlabelled dataset)."""
    if labels not in ('inferred', None):
        if not isinstance(labels, (list, tuple)):
            opening, files, samples = _LABELS_WORDS[what]
            error = ValueError('%s`labels` argument should be a list/tuple of integer labels, of the same size as the '
                               'number of %s in the target directory. If you wish to infer the labels from the '
                               'subdirectory names in the target directory, pass `labels="inferred"`. If you wish to '
                               'get a dataset that only contains %s (no labels), pass `labels=None`. Received: '
                               'labels=%s' % (opening, files, samples, labels))
            raise noted(error, what)
        if class_names:
            raise noted(ValueError('You can only pass `class_names` if `labels="inferred"`. Received: labels=%s, and '
                                   'class_names=%s' % (labels, class_names)), what)
    if label_mode not in ('int', 'categorical', 'binary', None):
        raise noted(ValueError('`label_mode` argument must be one of "int", "categorical", "binary", or None. '
                               'Received: label_mode=%s' % (label_mode,)), what)
    if labels is None or label_mode is None:
        return None, None
    return labels, label_mode


class DirectoryNotFoundError(FileNotFoundError, ValueError):
    """No such directory: Keras 3's os.listdir raises FileNotFoundError; tapeflow raised ValueError
    before, so this is both."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows FileNotFoundError there
shown_as(DirectoryNotFoundError, FileNotFoundError)


def index_directory(directory, labels, formats, class_names=None, shuffle=True, seed=None, follow_links=False,
                    verbose=True):
    """(file_paths, labels, class_names) of the files under ``directory`` whose names end with ``formats``.

    Args:
        labels: 'inferred' (from subfolder names), None, or a list of one int label per file.
        class_names: with 'inferred', the subfolders to use, in this order.
    Raises:
        DirectoryNotFoundError (a FileNotFoundError and ValueError): no such directory.
        ValueError: class_names that are not subfolders, class_names with explicit or no labels,
            or a number of labels that differs from the number of files.
    """
    if not os.path.isdir(directory):
        error = DirectoryNotFoundError(errno.ENOENT, 'No such file or directory', directory)    # os.listdir's
        error.add_note('index_directory: give the folder that holds one subfolder per class')
        raise error
    if labels == 'inferred':
        subdirs = [d for d in sorted(os.listdir(directory))
                   if os.path.isdir(os.path.join(directory, d)) and not d.startswith('.')]
        if class_names is not None:
            if not set(class_names).issubset(subdirs):
                raise ValueError('The `class_names` passed did not match the names of the subdirectories of the '
                                 'target directory. Expected: %s (or a subset of it), but received: class_names=%s'
                                 % (subdirs, class_names))
            subdirs = list(class_names)
    else:
        subdirs = ['']
        if class_names is not None:
            raise ValueError('When `labels=None` (no labels), argument `class_names` cannot be specified.'
                             if labels is None else
                             'When argument `labels` is specified, argument `class_names` cannot be specified (the '
                             '`class_names` will be the sorted list of labels).')
    class_indices = {name: i for i, name in enumerate(subdirs)}
    filenames, found_labels = [], []
    for subdir in subdirs:
        names = _files_of(os.path.join(directory, subdir), follow_links, formats)
        filenames += names
        found_labels += [class_indices[subdir]] * len(names)

    class_names = subdirs
    if labels == 'inferred':
        labels = np.array(found_labels, dtype='int32')
    elif labels is None:
        class_names = None
    else:
        if len(labels) != len(filenames):
            raise ValueError('Expected the lengths of `labels` to match the number of files in the target '
                             'directory. len(labels) is %d while we found %d files in directory %s.'
                             % (len(labels), len(filenames), directory))
        class_names = [str(label) for label in sorted(set(labels))]
    if verbose:
        print_msg('Found %d files.' % len(filenames) if labels is None else
                  'Found %d files belonging to %d classes.' % (len(filenames), len(class_names)))
    file_paths = [os.path.join(directory, name) for name in filenames]
    if shuffle:
        if seed is None:
            seed = np.random.randint(1e6)
        np.random.RandomState(seed).shuffle(file_paths)
        if labels is not None:
            np.random.RandomState(seed).shuffle(labels)
    return file_paths, labels, class_names


def _files_of(folder, follow_links, formats):
    """Paths relative to the parent of ``folder`` ('class_a/x.txt'), in sorted walk order."""
    name = os.path.basename(folder)
    out = []
    for root, _, files in sorted(os.walk(folder, followlinks=follow_links), key=lambda entry: entry[0]):
        for fname in sorted(files):
            if fname.lower().endswith(formats):
                out.append(os.path.join(name, os.path.relpath(os.path.join(root, fname), folder)))
    return out


def training_or_validation_split(samples, labels, validation_split, subset):
    """The training (all but the last ``validation_split``) or validation (the last) part."""
    if not validation_split:
        return samples, labels
    num_val = int(validation_split * len(samples))
    if subset == 'training':
        print_msg('Using %d files for training.' % (len(samples) - num_val))
        return samples[:-num_val], None if labels is None else labels[:-num_val]
    if subset == 'validation':
        print_msg('Using %d files for validation.' % num_val)
        return samples[-num_val:], None if labels is None else labels[-num_val:]
    raise ValueError('`subset` must be either "training" or "validation", received: %r' % (subset,))


def split_subsets(samples, labels, validation_split, subset, noun, directory, allowed):
    """[(part, samples, labels)] for ``subset`` ('both': training, then validation). Every part is split
    before any is refused, as Keras prints both 'Using N files for ...' lines before its 'No training
    images found in directory ...' error (``noun``: 'images'; ``allowed``: its 'Allowed formats: ...')."""
    parts = ('training', 'validation') if subset == 'both' else (subset,)
    splits = [(part,) + tuple(training_or_validation_split(samples, labels, validation_split, part))
              for part in parts]
    for part, part_samples, _ in splits:
        if not part_samples:
            raise ValueError('No %s%s found in directory %s. %s'
                             % ('' if subset != 'both' else part + ' ', noun, directory, allowed))
    return splits
