"""tf.experimental.ExtensionType field annotations as TF 2.21 takes them (the extension types guide).

TF 2.21 checks a class's annotations when it is made (extension_type_field.validate_field_value_type):
builtin generics (``dict[str, tf.Tensor]``, ``list[int]``), ``typing.Dict`` / ``List`` / ``Sequence``,
``int | None``, a bare ``typing.Tuple`` / ``Mapping``, ``typing.Literal`` and ``tf.Variable`` are refused,
``bytes`` is taken, and a forward reference to a class defined later is kept and resolved when a value
is made. A ``float`` field takes only a float. Texts: TF 2.21's (probes
/work/notes/progs/tutorials56/probes/annot.py, fwd.py, union.py).
"""
import collections.abc
import typing

import pytest

import framework as tf


def _make(annotation):
    return type('E', (tf.experimental.ExtensionType,), {'__annotations__': {'x': annotation},
                                                          '__module__': __name__})


@pytest.mark.parametrize('annotation, text', [
    # TF 2.21 gives each of these words
    (dict[str, tf.Tensor], "In field 'x': Unsupported type annotation dict[str, tensorflow.python.framework.tensor.Tensor]"),
    (list[int], "In field 'x': Unsupported type annotation list[int]"),
    (typing.Dict[str, int], "In field 'x': Unsupported type annotation typing.Dict[str, int]"),
    (typing.List[int], "In field 'x': Unsupported type annotation typing.List[int]"),
    (typing.Sequence[int], "In field 'x': Unsupported type annotation typing.Sequence[int]"),
    (int | None, "In field 'x': Unsupported type annotation int | None"),
    (typing.Tuple, "In field 'x': Unsupported type annotation typing.Tuple"),
    (typing.Mapping, "In field 'x': Unsupported type annotation typing.Mapping"),
    (typing.Literal[1, 2], "In field 'x': Unsupported type annotation typing.Literal[1, 2]"),
    (tf.Variable, "In field 'x': Unsupported type annotation 'Variable'"),
    (tf.TensorSpec, "In field 'x': Unsupported type annotation 'TensorSpec'"),
    (dict, "In field 'x': Unsupported type annotation 'dict'"),
    (typing.Any, "In field 'x': Unsupported type annotation 'Any'"),
    (typing.Mapping[tf.Tensor, int], "In field 'x': Mapping had a key 'Tensor' with type 'type'"),
])
def test_refused_annotations_name_them_as_tf(annotation, text):
    with pytest.raises(TypeError) as info:
        _make(annotation)
    assert str(info.value) == text


@pytest.mark.parametrize('annotation', [
    bytes, tuple[int, ...], typing.Tuple[()], typing.Mapping[str, tf.Tensor],
    collections.abc.Mapping[str, tf.Tensor], typing.Optional[int], typing.Union[tf.Tensor, tf.RaggedTensor],
    typing.Mapping[int, typing.Tuple[str, ...]], tf.TensorShape, tf.DType, tf.SparseTensor, None, 'Later'])
def test_taken_annotations(annotation):
    _make(annotation)       # TF 2.21 makes each class


def test_guide_tensor_graph_with_typing_mapping():
    class TensorGraph(tf.experimental.ExtensionType):
        edge_weights: tf.Tensor
        node_labels: typing.Mapping[str, tf.Tensor]

    g = TensorGraph([[0., 1.], [1., 0.]], {'a': [1, 2]})
    assert sorted(g.node_labels) == ['a']
    assert g.node_labels['a'].numpy().tolist() == [1, 2]


def test_bytes_field():
    class D(tf.experimental.ExtensionType):
        b: bytes = b'x'
        t: typing.Tuple[bytes, ...] = ()

    # TF 2.21 names a class made in a function by its qualified name
    assert repr(D(b'q', [b'a'])) == "test_bytes_field.<locals>.D(b=b'q', t=(b'a',))"
    assert repr(tf.type_spec_from_value(D())) == "test_bytes_field.<locals>.D.Spec(b=b'x', t=())"
    with pytest.raises(TypeError, match="^b: expected 'bytes', got 'str'$"):
        D('s')


def test_float_field_takes_only_floats():
    class F(tf.experimental.ExtensionType):
        x: float

    assert F(1.5).x == 1.5
    with pytest.raises(TypeError, match="^x: expected 'float', got 'int'$"):    # TF 2.21: no int -> float
        F(1)
    with pytest.raises(TypeError, match="^x: expected 'float', got 'bool'$"):
        F(True)


class _Holder(tf.experimental.ExtensionType):
    child: typing.Optional['_LaterLeaf']
    n: int


class _Missing(tf.experimental.ExtensionType):
    x: 'NeverDefined'  # noqa: F821  (a forward reference never resolved)


def test_forward_reference_resolved_when_a_value_is_made():
    assert repr(_Holder(None, 1)) == '_Holder(child=None, n=1)'
    leaf = _LaterLeaf(1.0)
    assert repr(_Holder(leaf, 2)) == ('_Holder(child=_LaterLeaf(v=<tf.Tensor: shape=(), dtype=float32, '
                                      'numpy=1.0>), n=2)')
    with pytest.raises(TypeError) as info:
        _Holder(3, 2)
    assert str(info.value) == "child: expected typing.Optional[%s._LaterLeaf], got 'int'" % __name__


def test_unresolved_forward_reference_fails_when_a_value_is_made():
    with pytest.raises(TypeError) as info:
        _Missing(1)
    assert str(info.value) == "x: Unsupported type annotation 'NeverDefined'"


class _LaterLeaf(tf.experimental.ExtensionType):
    v: tf.Tensor


class _Tree(tf.experimental.ExtensionType):
    value: tf.Tensor
    children: typing.Tuple['_Tree', ...] = ()


def test_self_referencing_tree():
    t = _Tree(1, [_Tree(2), _Tree(3, (_Tree(4),))])
    assert [int(v) for v in tf.nest.flatten(t, expand_composites=True)] == [1, 2, 3, 4]
    assert repr(tf.type_spec_from_value(_Tree(2))) == (
        '_Tree.Spec(value=TensorSpec(shape=(), dtype=tf.int32, name=None), children=())')


def test_union_text_names_tf_classes():
    class U(tf.experimental.ExtensionType):
        x: typing.Union[tf.Tensor, tf.RaggedTensor]
        y: typing.Optional[tf.TensorShape] = None

    with pytest.raises(TypeError) as info:
        U(None)
    assert str(info.value) == ("x: expected typing.Union[tensorflow.python.framework.tensor.Tensor, "
                               "tensorflow.python.ops.ragged.ragged_tensor.RaggedTensor], got 'NoneType'")
    with pytest.raises(TypeError) as info:
        U(1, y=object())
    assert str(info.value) == ("y: expected typing.Optional[tensorflow.python.framework.tensor_shape.TensorShape], "
                               "got 'object'")
