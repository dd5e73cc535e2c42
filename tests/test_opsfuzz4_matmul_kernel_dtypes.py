"""tf.matmul picks TF 2.21's kernel by the operands' dtypes and output_type: BatchMatMulV3 for an
output_type other than the operands' (int8 / uint8 into int32), SparseMatMul for bfloat16 beside float32,
and MatMul / BatchMatMulV2's refusals (uint8 has no CPU kernel; int16 has one only for batches).
Values and texts printed by TF 2.21, e.g.
``tf.matmul(tf.constant([[100, -100, 7]], tf.int8), tf.constant([[200], [250], [3]], tf.uint8), output_type=tf.int32)``."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError, NotFoundError

SQUARE = [[1, 2], [3, 4]]


@pytest.mark.parametrize('dtype', ['int8', 'uint8'])
@pytest.mark.parametrize('rank', [2, 3])
def test_quantized_operands_into_int32(dtype, rank):
    # tf.matmul(a, a, output_type=tf.int32) -> [[7, 10], [15, 22]] int32 (transpose_a: [[10, 14], [14, 20]])
    a = tf.cast(tf.constant(SQUARE), dtype)
    left = a if rank == 2 else tf.stack([a, a])
    product = tf.matmul(left, a, output_type=tf.int32)
    assert product.dtype == tf.int32
    assert product.numpy().reshape(-1, 2, 2)[0].tolist() == [[7, 10], [15, 22]]
    assert tf.matmul(left, a, output_type=tf.int32, transpose_a=True).numpy().reshape(-1, 2, 2)[0].tolist() == \
        [[10, 14], [14, 20]]


def test_mixed_int8_uint8_products_do_not_wrap():
    a8 = tf.constant([[100, -100, 7]], tf.int8)
    u8 = tf.constant([[200], [250], [3]], tf.uint8)
    # TF 2.21: tf.Tensor([[-4979]], shape=(1, 1), dtype=int32)
    assert str(tf.matmul(a8, u8, output_type=tf.int32)) == 'tf.Tensor([[-4979]], shape=(1, 1), dtype=int32)'
    assert tf.matmul(tf.constant([[100, 100]], tf.int8), tf.constant([[100], [100]], tf.int8),
                     output_type=tf.int32).numpy().tolist() == [[20000]]
    # a Python list beside an int8 tensor takes its dtype: [[11]] int32
    assert tf.matmul(tf.constant([[1, 2]], tf.int8), [[3], [4]], output_type=tf.int32).numpy().tolist() == [[11]]


def test_bfloat16_with_int8_into_bfloat16():
    # tf.matmul(tf.constant([[1.1, 2.3]], tf.bfloat16), tf.constant([[3], [4]], tf.int8), output_type=tf.bfloat16)
    # -> tf.Tensor([[12.5]], shape=(1, 1), dtype=bfloat16)
    out = tf.matmul(tf.constant([[1.1, 2.3]], tf.bfloat16), tf.constant([[3], [4]], tf.int8), output_type=tf.bfloat16)
    assert str(out) == 'tf.Tensor([[12.5]], shape=(1, 1), dtype=bfloat16)'


def test_output_type_equal_to_operands_is_the_plain_product():
    a = tf.constant([[1., 2.]])
    assert tf.matmul(a, tf.constant([[3.], [4.]]), output_type=tf.float32).numpy().tolist() == [[11.0]]


@pytest.mark.parametrize('ta, out', [('float32', 'float64'), ('float16', 'float32'), ('int8', 'int64'),
                                     ('int16', 'int32'), ('int8', 'float32')])
def test_output_type_without_kernel_is_not_found(ta, out):
    # TF 2.21: NotFoundError: Could not find device for node: {{node BatchMatMulV3}} = BatchMatMulV3[Ta=DT_FLOAT,
    # Tb=DT_FLOAT, Tout=DT_DOUBLE, adj_x=false, adj_y=false, grad_x=false, grad_y=false] ...
    a = tf.cast(tf.constant(SQUARE), ta)
    with pytest.raises(NotFoundError) as info:
        tf.matmul(a, a, output_type=getattr(tf, out), transpose_a=True)
    text = str(info.value)
    names = {'float32': 'FLOAT', 'float64': 'DOUBLE', 'float16': 'HALF'}
    assert text.startswith('Could not find device for node: {{node BatchMatMulV3}} = BatchMatMulV3[Ta=DT_%s, '
                           'Tb=DT_%s, Tout=DT_%s, adj_x=true, adj_y=false, grad_x=false, grad_y=false]\n'
                           % (names.get(ta, ta.upper()), names.get(ta, ta.upper()), names.get(out, out.upper())))
    assert "\n  device='CPU'; Ta in [DT_INT8]; Tb in [DT_INT8]; Tout in [DT_INT32]\n" in text
    assert text.endswith('\n [Op:BatchMatMulV3] name: ')


def test_output_type_product_checks_inner_sizes():
    # TF 2.21: {{function_node __wrapped__BatchMatMulV3_device_/job:localhost/replica:0/task:0/device:CPU:0}}
    # Matrix size-incompatible: In[0]: [2,2], In[1]: [1,2] [Op:BatchMatMulV3] name:
    with pytest.raises(InvalidArgumentError, match=r'Matrix size-incompatible: In\[0\]: \[2,2\], In\[1\]: \[1,2\] '
                                                   r'\[Op:BatchMatMulV3\] name: '):
        tf.matmul(tf.constant(SQUARE, tf.int8), tf.constant([[1, 2]], tf.int8), output_type=tf.int32)


def test_bfloat16_beside_float32_is_a_float32_product():
    # tf.matmul(tf.constant([[1.1, 2.3]], tf.bfloat16), tf.constant([[3.3], [4.1]]))
    # -> tf.Tensor([[13.052343]], shape=(1, 1), dtype=float32), either way round
    left = tf.matmul(tf.constant([[1.1, 2.3]], tf.bfloat16), tf.constant([[3.3], [4.1]]))
    right = tf.matmul(tf.constant([[3.3, 4.1]]), tf.constant([[1.1, 2.3]], tf.bfloat16), transpose_b=True)
    assert str(left) == str(right) == 'tf.Tensor([[13.052343]], shape=(1, 1), dtype=float32)'


def test_bfloat16_beside_float64_is_refused_by_sparse_matmul():
    # TF 2.21: InvalidArgumentError: Value for attr 'Tb' of double is not in the list of allowed values: float, bfloat16
    with pytest.raises(InvalidArgumentError, match=r"^Value for attr 'Tb' of double is not in the list of allowed "
                                                   r"values: float, bfloat16\n\t; NodeDef: \{\{node SparseMatMul\}\}"):
        tf.matmul(tf.constant([[1, 2]], tf.bfloat16), tf.constant([[1], [2]], tf.float64))


@pytest.mark.parametrize('dtype', ['uint8', 'uint16', 'uint32', 'uint64'])
@pytest.mark.parametrize('rank', [2, 3])
def test_unsigned_products_have_no_cpu_kernel(dtype, rank):
    # TF 2.21: NotFoundError: Could not find device for node: {{node MatMul}} = MatMul[T=DT_UINT8, grad_a=false,
    # grad_b=false, transpose_a=false, transpose_b=false] (BatchMatMulV2[T=DT_UINT8, adj_x=false, ...] for batches)
    a = tf.cast(tf.constant(SQUARE), dtype)
    left = a if rank == 2 else tf.stack([a, a])
    with pytest.raises(NotFoundError) as info:
        tf.matmul(left, a)
    head = ('{{node MatMul}} = MatMul[T=DT_%s, grad_a=false, grad_b=false, transpose_a=false, transpose_b=false]'
            if rank == 2 else '{{node BatchMatMulV2}} = BatchMatMulV2[T=DT_%s, adj_x=false, adj_y=false, '
                              'grad_x=false, grad_y=false]') % dtype.upper()
    assert str(info.value).startswith('Could not find device for node: ' + head)
    assert "\n  device='CPU'; T in [DT_COMPLEX64]\n [Op:%s] name: " % ('MatMul' if rank == 2 else 'BatchMatMulV2') \
        in str(info.value)


def test_int16_batches_multiply_and_int8_batches_name_batch_matmul():
    a = tf.constant(SQUARE, tf.int16)
    # TF 2.21: BatchMatMulV2 has an int16 CPU kernel: [[[7, 10], [15, 22]], ...] int16
    out = tf.matmul(tf.stack([a, a]), a)
    assert out.dtype == tf.int16 and out.numpy()[1].tolist() == [[7, 10], [15, 22]]
    with pytest.raises(InvalidArgumentError, match="(?s)^Value for attr 'T' of int16 .*node MatMul"):
        tf.matmul(a, a)
    for dtype in ('int8', 'bool'):
        b = tf.cast(tf.constant(SQUARE), dtype)
        with pytest.raises(InvalidArgumentError, match=r"(?s)^Value for attr 'T' of %s is not in the list of allowed "
                                                       r"values: bfloat16, half, float, double, int16, int32, .*"
                                                       r"\{\{node BatchMatMulV2\}\}" % dtype):
            tf.matmul(tf.stack([b, b]), b)
