"""tf.nn.local_response_normalization's inputs and depth_radius as TF 2.21 reads them (printed by TF 2.21,
notes/progs/opsfuzz10/p19.py): numpy arrays and lists convert to LRN's default T (float32), tensors of other dtypes
are its attr error, depth_radius goes through make_int (2.7 is 2) and a negative one is the kernel's error, checked
before the rank."""
import numpy as np
import pytest

import framework as tf

X = (np.arange(8, dtype=np.float64).reshape(1, 1, 2, 4) - 3) / 2


def test_numpy_float64_and_int_inputs_run_in_float32():
    out = tf.nn.local_response_normalization(X, depth_radius=1)
    assert out.dtype == tf.float32
    assert out.numpy().ravel().tolist() == [-0.7276068329811096, -0.471404492855072, -0.3333333134651184, 0.0,
                                           0.3333333134651184, 0.471404492855072, 0.5222329497337341,
                                           0.7427813410758972]
    out = tf.nn.local_response_normalization((X * 2).astype(np.int32), depth_radius=1)
    assert out.numpy().ravel().tolist() == [-0.8017836809158325, -0.5163977742195129, -0.40824827551841736, 0.0,
                                           0.40824827551841736, 0.5163977742195129, 0.547722578048706,
                                           0.7844644784927368]
    assert tf.nn.local_response_normalization([[[[1, 2]]]], depth_radius=1).numpy().ravel().tolist() == \
        [0.40824827551841736, 0.8164965510368347]


def test_float64_tensor_is_the_attr_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.nn.local_response_normalization(tf.constant(X))
    assert str(info.value) == (
        "Value for attr 'T' of double is not in the list of allowed values: half, bfloat16, float\n\t; NodeDef: "
        '{{node LRN}}; Op<name=LRN; signature=input:T -> output:T; attr=depth_radius:int,default=5; '
        'attr=bias:float,default=1; attr=alpha:float,default=1; attr=beta:float,default=0.5; '
        'attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT]> [Op:LRN]')


def test_depth_radius_attribute():
    x = X.astype(np.float32)
    assert tf.nn.lrn(x, depth_radius=2.7).numpy().ravel().tolist()[-1] == 0.6963105797767639
    assert tf.nn.local_response_normalization(x, depth_radius=True).numpy().ravel().tolist()[0] == -0.7276068329811096
    with pytest.raises(TypeError, match="Expected int for argument 'depth_radius' not '2'."):
        tf.nn.local_response_normalization(x, depth_radius='2')
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.nn.local_response_normalization(x[0], depth_radius=-1)       # before the rank check
    assert str(info.value) == ('{{function_node __wrapped__LRN_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'depth_radius = -1 larger than int max [Op:LRN]')
