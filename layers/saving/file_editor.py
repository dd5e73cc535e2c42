"""``keras.saving.KerasFileEditor``: inspect, edit and resave the weights of a ``.keras`` or
``.weights.h5`` file, as Keras 3.15's ``saving/file_editor.py`` does.

The file's weights become a nested dict, ``weights_dict`` (``{'layers': {'dense': {'0': kernel,
'1': bias}}, 'optimizer': {...}}``), that the edits change and ``save`` writes back as a
``.weights.h5``. Keras's texts and its quirks are kept, since a ported program meets them: a group
whose ``vars`` is empty is skipped whole (a nested model's layers are not read), a bare name is
counted through a running total (a name under ``layers`` "occurs more than once" once an optimizer
follows it), and ``compare`` adds its nested counts twice. Keras prints through a rich console; here
the same text is printed wrapped as rich wraps it, without rich's colors on a terminal.
"""
import collections
import io
import json
import math
import os
import types
import zipfile

import h5py

from .h5_io import store_array, write_array
from .keras3_weights import write as write_model_weights
from .keras_tree import saveables
from ..summary import _console_width
from ..summary_styles import wrap_words

_NOT_A_DICT = ("Argument `weights` should be a dict where keys are weight names (usually '0', '1', etc.) and "
               'values are NumPy arrays. Received: type(weights)=%s')


def _say(text):
    width = _console_width()
    for line in text.split('\n'):
        print('\n'.join(line[begin:end] for begin, end in wrap_words(line, width)))


class KerasFileEditor:
    """Reads ``filepath`` (a ``.keras`` archive or a ``.weights.h5`` file) into ``weights_dict``;
    ``config`` and ``metadata`` are the archive's json (None for a weights file)."""

    def __init__(self, filepath):
        self.filepath = filepath
        self.metadata = self.config = self.model = None
        if filepath.endswith('.keras'):
            with zipfile.ZipFile(filepath, 'r') as archive:
                weights = h5py.File(io.BytesIO(archive.read('model.weights.h5')), 'r')
                self.config = json.loads(archive.read('config.json'))
                self.metadata = json.loads(archive.read('metadata.json'))
        elif filepath.endswith('.weights.h5'):
            weights = h5py.File(filepath, 'r')
        else:
            raise ValueError('Invalid filename: expected a `.keras` `.weights.h5` extension. '
                             'Received: filepath=%s' % filepath)
        with weights:
            self.weights_dict, self.object_metadata = _extract(weights, {}, '')
        _say("Keras model file '%s'" % self.filepath)
        if self.metadata is not None:
            _say('Saved with Keras %s - date: %s' % (self.metadata['keras_version'], self.metadata['date_saved']))

    def summary(self):
        """Prints the weight structure of the opened file."""
        _say('Weights structure')
        _print_structure(self.weights_dict, is_first=True, prefix='  ')

    def compare(self, reference_model):
        """Lists the mismatches between the file and ``reference_model``'s weights; returns
        ``{'status': 'success' or 'error', 'error_count': n, 'match_count': m}``."""
        _say('Running comparison')
        checked, spec = set(), _weight_spec(reference_model)
        errors, matches = _compare(self.weights_dict, spec, '', 'saved file', 'reference model', 0, 0, checked)
        errors += _compare(spec, self.weights_dict, '', 'reference model', 'saved file', 0, 0, checked)[0]
        _say('─' * 21)
        if errors == 0:
            _say('Comparison successful: saved file is compatible with the reference model')
            _say('    Found %d matching weight%s' % (matches, '' if matches == 1 else 's'))
        else:
            _say('Found %d error%s: saved file is not compatible with the reference model'
                 % (errors, '' if errors == 1 else 's'))
        return {'status': 'success' if errors == 0 else 'error', 'error_count': errors, 'match_count': matches}

    def rename_object(self, object_name, new_name):
        """Renames an object (``'dense_2'`` or ``'layers/dense_2'``) to the leaf name ``new_name``."""
        def rename(weights_dict, source_name, target_name):
            weights_dict[target_name] = weights_dict.pop(source_name)
        self._edit_object(rename, object_name, new_name)

    def delete_object(self, object_name):
        """Removes an object (``'dense_2'`` or ``'layers/dense_2'``) and its weights."""
        self._edit_object(lambda weights_dict, source_name, target_name: weights_dict.pop(source_name), object_name)

    def add_object(self, object_path, weights):
        """Adds an object at ``object_path`` (``'layers/einsum_dense'``) holding ``weights``
        (``{'0': array, ...}``)."""
        if not isinstance(weights, dict):
            raise ValueError(_NOT_A_DICT % type(weights))
        *parents, leaf = object_path.split('/')
        weights_dict = self.weights_dict
        for part in parents:
            if part not in weights_dict:
                raise ValueError("Path '%s' not found in model." % '/'.join(parents))
            weights_dict = weights_dict[part]
        weights_dict[leaf] = weights

    def delete_weight(self, object_name, weight_name):
        """Removes the weight ``weight_name`` (``'0'``) of an object."""
        def delete(weights_dict, source_name, target_name):
            if weight_name not in weights_dict[source_name]:
                raise ValueError('Weight %s not found in object %s. Weights found: %s'
                                 % (weight_name, object_name, list(weights_dict[source_name].keys())))
            weights_dict[source_name].pop(weight_name)
        self._edit_object(delete, object_name)

    def add_weights(self, object_name, weights):
        """Adds ``weights`` (``{'2': array}``) to an existing object."""
        if not isinstance(weights, dict):
            raise ValueError(_NOT_A_DICT % type(weights))
        self._edit_object(lambda weights_dict, source_name, target_name: weights_dict[source_name].update(weights),
                          object_name)

    def save(self, filepath):
        """Writes the edited weights to ``filepath``, a ``.weights.h5`` file."""
        filepath = str(filepath)
        if not filepath.endswith('.weights.h5'):
            raise ValueError('Invalid `filepath` argument: expected a `.weights.h5` extension. '
                             'Received: filepath=%s' % filepath)
        with h5py.File(filepath, 'w') as f:
            _write(f, self.weights_dict, '')

    def resave_weights(self, filepath):
        self.save(filepath)

    def _edit_object(self, edit, source_name, target_name=None):
        if target_name is not None and '/' in target_name:
            raise ValueError("Argument `target_name` should be a leaf name, not a full path name. "
                             "Received: target_name='%s'" % target_name)
        if '/' in source_name:
            *parents, leaf = source_name.split('/')
            weights_dict = self.weights_dict
            for part in parents:
                if part not in weights_dict:
                    raise ValueError("Path '%s' not found in model." % source_name)
                weights_dict = weights_dict[part]
            if leaf not in weights_dict:
                raise ValueError("Path '%s' not found in model." % source_name)
            return edit(weights_dict, source_name=leaf, target_name=target_name)
        occurrences = _count(self.weights_dict, source_name)
        if occurrences > 1:
            raise ValueError("Name '%s' occurs more than once in the model; try passing a complete path" % source_name)
        if occurrences == 0:
            raise ValueError("Source name '%s' does not appear in the model. Use `editor.weights_summary()` to list "
                             'all objects.' % source_name)

        def edit_everywhere(d):
            for key in list(d):
                if isinstance(d.get(key), dict):
                    edit_everywhere(d[key])
            if source_name in d:
                edit(d, source_name=source_name, target_name=target_name)
        edit_everywhere(self.weights_dict)


def _count(d, name, count=0):
    # Keras's count_occurences, whose running total is added again at each nesting level
    for key in d:
        if isinstance(d[key], dict):
            count += _count(d[key], name, count)
    return count + 1 if name in d else count


def _extract(group, metadata, inner_path):
    """``group``'s datasets as a nested OrderedDict, and each read group's attributes by path."""
    if group.attrs:
        metadata[inner_path] = dict(group.attrs.items())
    result = collections.OrderedDict()
    for key in group.keys():
        path = '%s/%s' % (inner_path, key)
        link = group.get(key, default=None, getclass=True, getlink=True)
        if link in (h5py.ExternalLink, h5py.SoftLink):
            raise ValueError('Not allowed: H5 file with %s' % link.__name__)
        value = group[key]
        if isinstance(value, h5py.Group):
            if len(value) == 0 or ('vars' in value and len(value['vars']) == 0):
                continue        # Keras skips the object, and so every object nested in it
            result[key], metadata = _extract(value['vars'] if 'vars' in value else value, metadata, path)
        elif isinstance(value, h5py.Dataset):
            _check_dataset(value, path)
            result[key] = value[()]
    return result, metadata


def _check_dataset(dataset, path):
    if dataset.external:
        raise ValueError('Not allowed: H5 file Dataset with external links: %s' % (dataset.external,))
    if dataset.is_virtual:
        raise ValueError('Not allowed: H5 file with virtual Dataset at %s' % path)
    if any(size < 0 for size in dataset.shape):
        raise ValueError('Malformed HDF5 dataset shape encountered in .keras file; negative dimension detected.')
    if len(dataset.shape) > 64:
        raise ValueError('Malformed HDF5 dataset shape encountered in .keras file; tensor rank exceeds safety limit.')
    size = math.prod(dataset.shape) * dataset.dtype.itemsize
    if size > 1 << 32:
        raise ValueError('HDF5 dataset too large to load safely (%d bytes; limit is %d).' % (size, 1 << 32))


def _write(f, weights_dict, inner_path):
    arrays = {}
    for name, value in weights_dict.items():
        if isinstance(value, dict):
            if value:
                _write(f, value, os.path.join(inner_path, name))
        else:
            arrays[name] = value
    if arrays:
        group = f.create_group(inner_path).create_group('vars') if inner_path else f.create_group('vars')
        for name, value in arrays.items():
            write_array(group, name, store_array(value))    # (a bfloat16 read back as raw bytes: 'void16')


def _print_structure(weights_dict, is_first, prefix):
    for index, (key, value) in enumerate(weights_dict.items()):
        is_last = index == len(weights_dict) - 1
        connector = '> ' if is_first else '└─ ' if is_last else '├─ '
        is_first = False
        if isinstance(value, dict):
            # (Keras looks the object's name up under a path its metadata never uses: no name is shown)
            _say(prefix + connector + key)
            _print_structure(value, is_first, prefix + ('    ' if is_last else '│   '))
        elif hasattr(value, 'shape'):
            _say('%s%s%s: shape=%s, dtype=%s' % (prefix, connector, key, value.shape, value.dtype))
        else:
            _say('%s%s%s: %s' % (prefix, connector, key, value))


def _weight_spec(model):
    """The shapes ``model`` would save, nested by path in Keras's walk order (its get_weight_spec_of_saveable)."""
    spec = {}
    with h5py.File(io.BytesIO(), 'w') as root:
        write_model_weights(root, model)
        for node in saveables(model):
            group = root[node.path + '/vars' if node.path else 'vars']
            if len(group):
                here = spec
                for part in node.path.split('/') if node.path else ():
                    here = here.setdefault(part, {})
                for key in sorted(group):
                    here[key] = types.SimpleNamespace(shape=group[key].shape)
    return spec


def _compare(target, ref_spec, base_path, target_name, ref_name, errors, matches, checked):
    # Keras's _compare: the counts it is given come back in its result, and its caller adds them again
    for key, ref_value in ref_spec.items():
        path = '%s/%s' % (base_path, key)
        if path in checked:
            continue
        if key not in target:
            errors += 1
            checked.add(path)
            if isinstance(ref_value, dict):
                _say('...Object %s present in %s, missing from %s' % (path, ref_name, target_name))
                _say('    In %s, %s contains the following keys: %s' % (ref_name, path, list(ref_value.keys())))
            else:
                _say('...Weight %s present in %s, missing from %s' % (path, ref_name, target_name))
        elif isinstance(ref_value, dict):
            more_errors, more_matches = _compare(target[key], ref_value, path, target_name, ref_name, errors, matches,
                                                 checked)
            errors += more_errors
            matches += more_matches
        elif target[key].shape != ref_value.shape:
            errors += 1
            checked.add(path)
            _say('...Weight shape mismatch for %s\n    In %s: shape=%s\n    In %s: shape=%s'
                 % (path, ref_name, ref_value.shape, target_name, target[key].shape))
        else:
            matches += 1
    return errors, matches
