"""Dtype refusals of tf.math.special.bessel_j0 / j1 / y0 / y1 / k0 / k0e / k1 / k1e and tf.math.nextafter in
TF 2.21's registry / kernel words (texts printed by tensorflow-cpu 2.21 with the same calls). Before: tapeflow's
own sentences; nextafter([1], [2]) was refused where TF reads Python ints as NextAfter's default float."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

_REGISTRY = ("Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double\n\t; "
             "NodeDef: {{node %s}}; Op<name=%s; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, "
             "DT_FLOAT, DT_DOUBLE]> [Op:%s]")


@pytest.mark.parametrize('name, kernel', [
    ('bessel_j0', 'BesselJ0'), ('bessel_j1', 'BesselJ1'), ('bessel_y0', 'BesselY0'), ('bessel_y1', 'BesselY1'),
    ('bessel_k0', 'BesselK0'), ('bessel_k0e', 'BesselK0e'), ('bessel_k1', 'BesselK1'), ('bessel_k1e', 'BesselK1e')])
def test_bessel_registry_errors(name, kernel):
    op = getattr(tf.math.special, name)
    with pytest.raises(InvalidArgumentError) as caught:
        op(tf.constant([1]))
    assert str(caught.value) == _REGISTRY % ('int32', kernel, kernel, kernel) + ' name: '
    with pytest.raises(InvalidArgumentError) as caught:
        op([1])
    assert str(caught.value) == _REGISTRY % ('int32', kernel, kernel, kernel)


_NEXTAFTER = ("Value for attr 'T' of %s is not in the list of allowed values: double, float\n\t; NodeDef: {{node "
              "NextAfter}}; Op<name=NextAfter; signature=x1:T, x2:T -> output:T; attr=T:type,default=DT_FLOAT,"
              "allowed=[DT_DOUBLE, DT_FLOAT]> [Op:NextAfter] name: ")


@pytest.mark.parametrize('dtype, name', [(tf.float16, 'half'), (tf.int32, 'int32'), (tf.bfloat16, 'bfloat16')])
def test_nextafter_registry_errors(dtype, name):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.math.nextafter(tf.constant([1], dtype), tf.constant([2], dtype))
    assert str(caught.value) == _NEXTAFTER % name


def test_nextafter_mixed_floats_and_python_ints():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.math.nextafter(tf.constant([1.]), tf.constant([2.], tf.float64))
    assert str(caught.value) == ('cannot compute NextAfter as input #1(zero-based) was expected to be a float tensor '
                                 'but is a double tensor [Op:NextAfter] name: ')
    out = tf.math.nextafter([1], [2])
    assert out.dtype == tf.float32 and out.numpy().tolist() == [1.0000001192092896]
