"""A dataset stage's function reads the names it uses when the stage is made, as TensorFlow's trace
does: the load_data/text tutorial (tensorflow.org) labels each file's lines with
`lines_dataset.map(lambda ex: labeler(ex, i))` inside `for i, file_name in enumerate(FILE_NAMES)`;
TF keeps label i per file, tapeflow ran the lambda per element and read the loop's last i (every
line labelled 2, the classifier then learnt nothing). Golden lists printed by TF 2.21 (/opt/tfref)
for /work/notes/progs/tftutorials11/probe_bind.py."""
import pytest

import framework as tf


def _labeler(example, index):
    return example, tf.cast(index, tf.int64)


_MODULE_SETS = []
for _i in range(3):
    _MODULE_SETS.append(tf.data.Dataset.range(2).map(lambda ex: _labeler(ex, _i)))

_scale = 2
_FILTERED = tf.data.Dataset.range(3).filter(lambda x: x < _scale)
_FLAT = tf.data.Dataset.range(2).flat_map(lambda x: tf.data.Dataset.from_tensors(x * _scale))
_scale = 100


def test_a_module_level_loop_variable_is_read_when_the_map_is_made():
    assert [[int(label) for _, label in ds] for ds in _MODULE_SETS] == [[0, 0], [1, 1], [2, 2]]


def test_a_closure_variable_is_read_when_the_map_is_made():
    sets = []
    for k in range(3):
        sets.append(tf.data.Dataset.range(2).map(lambda ex: ex * 10 + k))
    assert [[int(v) for v in ds] for ds in sets] == [[0, 10], [1, 11], [2, 12]]


def test_filter_and_flat_map_read_their_names_when_made():
    assert [int(v) for v in _FILTERED] == [0, 1]
    assert [int(v) for v in _FLAT] == [0, 2]


def test_a_name_bound_after_the_stage_is_made():
    # TF raises NameError while tracing, in Dataset.map (tapeflow too where the elements come from memory);
    # where tapeflow's trace waits for the first element (a generator's), it reads the name then
    global _late
    globals().pop('_late', None)
    with pytest.raises(NameError, match="name '_late' is not defined"):
        tf.data.Dataset.range(2).map(lambda x: x + _late)
    source = tf.data.Dataset.from_generator(lambda: iter([0, 1]), output_signature=tf.TensorSpec((), tf.int64))
    ds = source.map(lambda x: x + _late)
    _late = 5
    assert [int(v) for v in ds] == [5, 6]


def test_callables_that_are_not_plain_functions_are_untouched():
    class AddOne:
        def __call__(self, x):
            return x + 1
    assert [int(v) for v in tf.data.Dataset.range(2).map(AddOne())] == [1, 2]
