"""The naming table (framework/graph_op_names.py) stays in step with the public API: every path it
lists resolves to a function, no function is listed under two different graph names, and every
shape rule it names exists."""
import importlib

import pytest

import framework
from framework import graph_op_names, traced_op_shapes, traced_ops

_OWN_RULES = {'range', 'constant', 'fixed', 'outputs', 'call', 'masked', 'known', 'pieces', 'decoded', 'densified',
              'element', 'opaque', 'tile', 'repeat', 'padded', 'counted',
              'scoped_outputs', 'ragged_dense', 'inner',
              'sparse_source', 'coordinates', 'determinants', 'tf_einsum',
              'sparse_reordered', 'sparse_segments', 'stitched', 'hits', 'histogram', 'wav'}   # output_shape's own branches (sparse_source, sparse_reordered: traced_ops._name_result's)


def _resolve(path):
    module, _, attributes = path.rpartition(':')
    fn = importlib.import_module(module) if module else framework
    for part in attributes.split('.'):
        fn = getattr(fn, part)
    while hasattr(fn, '__wrapped__') or hasattr(fn, 'plain'):     # as traced_ops._build_table looks through them
        fn = getattr(fn, '__wrapped__', None) or fn.plain        # (tf.experimental.numpy's promoting operators)
    return fn


@pytest.mark.parametrize('row', graph_op_names.ROWS, ids=lambda row: row[0])
def test_each_row_names_functions_that_exist_with_a_known_shape_rule(row):
    name, rule, *paths = row
    assert paths
    assert rule in traced_op_shapes._RULES or rule in _OWN_RULES, rule
    for path in paths:
        assert callable(_resolve(path)), path


def test_no_function_carries_two_graph_names():
    seen = {}
    for name, _, *paths in graph_op_names.ROWS:
        for path in paths:
            fn = _resolve(path)
            key = (fn.__code__, traced_ops._closure_strings_of(fn) if fn.__code__.co_freevars else None)
            assert seen.setdefault(key, (name, path))[0] == name, (path, name, seen[key])


def test_float_only_paths_are_rows():
    listed = {path for _, _, *paths in graph_op_names.ROWS for path in paths}
    assert graph_op_names.FLOAT_ONLY <= listed
