"""The extension-type guide's lines that differed from TF 2.21: the generated Spec class's name, and the
binding error of an ExtensionType argument that its input_signature's Spec refuses (TF casts field by
field and names the first refused tensor field's TensorSpecs; a value of another type fails on the
spec's first field name). Expected texts printed by TF 2.21 (notes progs/tutorials43/exttypes.py and
the /tmp probe t43_ext.py named in the report)."""
import pytest

import framework as tf


class MaskedTensor(tf.experimental.ExtensionType):
    values: tf.Tensor
    mask: tf.Tensor


class Outer(tf.experimental.ExtensionType):
    inner: MaskedTensor
    w: tf.Tensor


_MASKED_SPEC = MaskedTensor.Spec(values=tf.TensorSpec([None], tf.float32), mask=tf.TensorSpec([None], tf.bool))


@tf.function(input_signature=[_MASKED_SPEC])
def masked_sum(mt):
    return tf.reduce_sum(tf.where(mt.mask, mt.values, 0.0))


@tf.function(input_signature=[Outer.Spec(inner=_MASKED_SPEC, w=tf.TensorSpec([], tf.float32))])
def outer_weight(o):
    return o.w


def test_spec_class_name():
    spec = tf.type_spec_from_value(MaskedTensor([1., 2.], [True, False]))
    assert type(spec).__name__ == 'MaskedTensor.Spec'          # TF 2.21
    assert MaskedTensor.Spec.__qualname__ == 'MaskedTensor.Spec'


def _cast_text(call):
    with pytest.raises(TypeError) as info:
        call()
    text = str(info.value)
    assert text.startswith('Binding inputs to tf.function failed due to `')
    return text.split('`')[1]


@pytest.mark.parametrize('call, refused', [
    (lambda: masked_sum(MaskedTensor([1, 2, 3], [True, False, True])),
     'Can not cast TensorSpec(shape=(3,), dtype=tf.int32, name=None) to TensorSpec(shape=(None,), dtype=tf.float32, '
     'name=None)'),
    (lambda: masked_sum(MaskedTensor([1., 2.], [[True], [False]])),
     'Can not cast TensorSpec(shape=(2, 1), dtype=tf.bool, name=None) to TensorSpec(shape=(None,), dtype=tf.bool, '
     'name=None)'),
    (lambda: outer_weight(Outer(MaskedTensor([1], [True]), 1.)),
     'Can not cast TensorSpec(shape=(1,), dtype=tf.int32, name=None) to TensorSpec(shape=(None,), dtype=tf.float32, '
     'name=None)'),
    (lambda: outer_weight(Outer(MaskedTensor([1.], [True]), 1)),
     'Can not cast TensorSpec(shape=(), dtype=tf.int32, name=None) to TensorSpec(shape=(), dtype=tf.float32, '
     'name=None)'),
    (lambda: masked_sum(tf.constant([1.])), "'values'"),
])
def test_binding_error_names_the_refused_field(call, refused):
    assert _cast_text(call) == refused


def test_fitting_values_still_run():
    # TF 2.21: tf.Tensor(4.0, shape=(), dtype=float32)
    assert float(masked_sum(MaskedTensor([1., 2., 3.], [True, False, True]))) == 4.0
