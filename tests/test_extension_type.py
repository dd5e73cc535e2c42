"""tf.experimental.ExtensionType, as TensorFlow 2.21 behaves on the extension-types guide's
examples (texts printed there by the same code under /opt/tfref)."""
from typing import Mapping, Optional, Tuple, Union

import numpy as np
import pytest

import framework as tf


class MaskedTensor(tf.experimental.ExtensionType):
    """A tensor paired with a boolean mask, indicating which values are valid."""
    values: tf.Tensor
    mask: tf.Tensor


class CSR(tf.experimental.ExtensionType):
    values: tf.Tensor
    shape: tf.TensorShape
    dtype: tf.DType
    name: str = 'csr'
    tags: Mapping[str, int] = {}
    dims: Tuple[int, ...] = ()
    opt: Optional[tf.Tensor] = None
    u: Union[int, float] = 0


def test_fields_are_converted_and_printed_by_name():
    mt = MaskedTensor(values=[1, 2, 3], mask=[True, True, False])
    assert mt.values.dtype == tf.int32 and mt.mask.dtype == tf.bool
    assert repr(mt) == ('MaskedTensor(values=%r, mask=%r)' % (mt.values, mt.mask))
    positional = MaskedTensor([1, 2], [True, False])
    assert positional.values.numpy().tolist() == [1, 2]
    # a tf.Tensor field takes anything convert_to_tensor takes (TF 2.21: a string tensor here)
    assert MaskedTensor(values=[1, 2], mask='x').mask.dtype == tf.string


def test_python_fields_and_defaults():
    c = CSR(values=[1.0, 2.0], shape=[2, None], dtype=tf.float32, tags={'a': 1}, dims=[1, 2])
    assert repr(c).endswith("shape=TensorShape([2, None]), dtype=tf.float32, name='csr', "
                            "tags=ImmutableDict({'a': 1}), dims=(1, 2), opt=None, u=0)")
    assert type(c.tags).__name__ == 'ImmutableDict' and dict(c.tags) == {'a': 1}
    with pytest.raises(TypeError, match="'ImmutableDict' object does not support item assignment"):
        c.tags['b'] = 2
    assert CSR(values=[1.0], shape=[1], dtype='float64').dtype == tf.float64


@pytest.mark.parametrize('kwargs, text', [
    (dict(name=3), "name: expected 'str', got 'int'"),
    (dict(dims=('a',)), "dims[0]: expected 'int', got 'str'"),
    (dict(u='x'), "u: expected typing.Union[int, float], got 'str'"),
])
def test_python_fields_refuse_other_types_with_tf_texts(kwargs, text):
    with pytest.raises(TypeError) as err:
        CSR(values=[1.0], shape=[1], dtype=tf.float32, **kwargs)
    assert str(err.value) == text


def test_constructor_argument_errors_are_pythons():
    with pytest.raises(TypeError, match="^missing a required argument: 'mask'$"):
        MaskedTensor(values=[1, 2])
    with pytest.raises(TypeError, match="^got an unexpected keyword argument 'other'$"):
        MaskedTensor(values=[1, 2], mask=[True, False], other=3)


def test_values_are_immutable():
    mt = MaskedTensor([1], [True])
    for mutate in (lambda: setattr(mt, 'mask', [False]), lambda: delattr(mt, 'mask')):
        with pytest.raises(AttributeError, match='^Cannot mutate attribute `mask` outside the custom constructor '
                                                 'of ExtensionType.$'):
            mutate()


def test_equality_is_a_boolean_tensor_when_the_specs_match():
    mt = MaskedTensor([1, 2, 3], [True, True, False])
    same = mt == MaskedTensor([1, 2, 3], [True, True, False])
    assert isinstance(same, tf.Tensor) and bool(same)
    assert bool(mt != MaskedTensor([1, 2, 4], [True, True, False]))
    assert (mt == MaskedTensor([1, 2], [True, True])) is False          # another shape: a Python False
    assert (mt == 3) is False and (mt != 3) is True
    with pytest.raises(TypeError, match='unhashable'):
        hash(mt)


def test_validate_custom_constructor_methods_and_subclasses():
    class Validated(tf.experimental.ExtensionType):
        values: tf.Tensor
        mask: tf.Tensor

        def __validate__(self):
            self.values.shape.assert_is_compatible_with(self.mask.shape)
            assert self.mask.dtype.is_bool, 'mask.dtype must be bool'
    with pytest.raises(AssertionError, match='mask.dtype must be bool'):
        Validated([1, 2], [1, 0])
    with pytest.raises(ValueError, match=r'Shapes \(2,\) and \(1,\) are incompatible'):
        Validated([1, 2], [True])

    class Custom(tf.experimental.ExtensionType):
        x: tf.Tensor
        y: tf.Tensor

        def __init__(self, x, y=None):
            self.x = tf.convert_to_tensor(x)
            self.y = self.x * 2 if y is None else tf.convert_to_tensor(y)

        def total(self):
            return tf.reduce_sum(self.x + self.y)
    assert int(Custom([1, 2]).total()) == 9

    class Sub(MaskedTensor):
        extra: int = 5
    sub = Sub([1], [True])
    # TF 2.21 names a class made in a function by its __qualname__ ('f.<locals>.D(b=...)')
    assert sub.extra == 5 and repr(sub).startswith(
        'test_validate_custom_constructor_methods_and_subclasses.<locals>.Sub(values=')

    class Outer(tf.experimental.ExtensionType):
        inner: MaskedTensor
        count: int
    with pytest.raises(TypeError, match="^inner: expected 'MaskedTensor', got 'list'$"):
        Outer([1], 3)


def test_unsupported_annotations_are_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="^In field 'x': Unsupported type annotation 'list'"):
        class Bad(tf.experimental.ExtensionType):
            x: list


def test_spec_and_nest_components():
    mt = MaskedTensor([1, 2, 3], [True, True, False])
    assert repr(mt._type_spec) == ('MaskedTensor.Spec(values=TensorSpec(shape=(3,), dtype=tf.int32, name=None), '
                                   'mask=TensorSpec(shape=(3,), dtype=tf.bool, name=None))')
    assert isinstance(mt._type_spec, tf.TypeSpec) and MaskedTensor.Spec.value_type is MaskedTensor
    assert mt._type_spec == MaskedTensor([4, 5, 6], [False, False, True])._type_spec
    parts = tf.nest.flatten(mt, expand_composites=True)
    assert [p.dtype for p in parts] == [tf.int32, tf.bool]
    doubled = tf.nest.map_structure(lambda t: t * 2 if t.dtype == tf.int32 else t,
                                    {'m': mt, 'r': tf.ragged.constant([[1, 2], [3]])}, expand_composites=True)
    assert doubled['m'].values.numpy().tolist() == [2, 4, 6] and doubled['r'].to_list() == [[2, 4], [6]]
    # TF's component order for composites: a ragged's flat values then its row splits
    ragged_parts = tf.nest.flatten(tf.ragged.constant([[1, 2], [3]]), expand_composites=True)
    assert [p.numpy().tolist() for p in ragged_parts] == [[1, 2, 3], [0, 2, 3]]


def test_tf_function_traces_by_spec(capsys):
    @tf.function
    def f(x):
        print('tracing', x)
        return x.values + 1
    f(MaskedTensor([1, 2], [True, False]))
    f(MaskedTensor([3, 4], [True, True]))             # the same spec: no new trace
    f(MaskedTensor([3, 4, 5], [True, True, False]))
    printed = capsys.readouterr().out.splitlines()
    # TF 2.21 prints the trace's placeholders, once per spec
    prefix = tf.constant(0).__repr__().split('.Tensor')[0][1:]          # 'tf' in both
    assert printed == ["tracing MaskedTensor(values=<%s.Tensor 'x:0' shape=(%s) dtype=int32>, "
                       "mask=<%s.Tensor 'x_1:0' shape=(%s) dtype=bool>)" % (prefix, shape, prefix, shape)
                       for shape in ('2,', '3,')]
    np.testing.assert_array_equal(f(MaskedTensor([7, 8], [True, True])).numpy(), [8, 9])
