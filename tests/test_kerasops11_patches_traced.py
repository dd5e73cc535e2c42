"""tf.image.extract_patches in a tf.function trace as TF 2.21's graph: Tensor("ExtractImagePatches:0", shape=(None, 3, 3,
4)) for (None, 4, 4, 1) images in 2 x 2 patches (tapeflow printed its stand-in's eager value); of bool images (no CPU
kernel) the trace builds the node too and the graph's run fails with TF's 'No OpKernel was registered ...' text
(tapeflow raised the eager NotFoundError in the trace). Eagerly bool images stay the NotFoundError.
Texts: TF 2.21's (notes/progs/kerasops11/pb.py, pf.py; pb_tf.out)."""
import re

import pytest

import framework as tf

_CPU = ('COMPLEX128', 'COMPLEX64', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'INT32', 'INT8', 'UINT8', 'INT16', 'UINT16',
        'UINT32', 'INT64', 'UINT64')


def _patches(x):
    return tf.image.extract_patches(x, [1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], 'VALID')


@pytest.mark.parametrize('dtype, spec, shape', [
    (tf.float32, (None, 4, 4, 1), (None, 3, 3, 4)),
    (tf.float32, (2, 4, 4, 1), (2, 3, 3, 4)),
    (tf.float32, (None, None, None, 3), (None, None, None, 12)),
    (tf.int32, (None, 4, 4, None), (None, 3, 3, None)),
    (tf.bool, (None, 4, 4, 1), (None, 3, 3, 4)),
])
def test_traced_name_and_shape(dtype, spec, shape):
    shown = []

    @tf.function(input_signature=[tf.TensorSpec(spec, dtype)])
    def f(x):
        shown.append(str(_patches(x)))
        return x
    f.get_concrete_function()
    # TF 2.21 (pb_tf.out, pf.py)
    assert shown[-1] == 'Tensor("ExtractImagePatches:0", shape=%s, dtype=%s)' % (shape, dtype.name)


def test_bool_graph_run_fails():
    @tf.function(input_signature=[tf.TensorSpec((None, 4, 4, 1), tf.bool)])
    def f(x):
        return _patches(x)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        f(tf.zeros((1, 4, 4, 1), tf.bool))
    text = re.sub(r'__inference_f_\d+', '__inference_f', str(caught.value))
    # TF 2.21 (pb_tf.out; its uid after the function's name left out): the node's attrs in an order that differs from
    # run to run there (a map's), so compared as a set
    attrs = re.search(r'with these attrs: \[(.*?)\]\n', text).group(1)
    assert sorted(re.findall(r'\w+=(?:"[^"]*"|\[[^\]]*\]|\w+)', attrs)) == [
        'T=DT_BOOL', 'ksizes=[1, 2, 2, 1]', 'padding="VALID"', 'rates=[1, 1, 1, 1]', 'strides=[1, 1, 1, 1]']
    assert text.replace(attrs, '<attrs>') == (
        "No OpKernel was registered to support Op 'ExtractImagePatches' used by {{node ExtractImagePatches}} "
        'with these attrs: [<attrs>]\nRegistered devices: [CPU]\nRegistered kernels:\n'
        "  device='XLA_CPU_JIT'; T in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_BFLOAT16, DT_HALF]\n"
        + ''.join("  device='CPU'; T in [DT_%s]\n" % t for t in _CPU) + '\n\t [[ExtractImagePatches]] [Op:__inference_f]')


def test_bool_eagerly_is_not_found():
    with pytest.raises(tf.errors.NotFoundError) as caught:
        _patches(tf.zeros((1, 4, 4, 1), tf.bool))
    assert str(caught.value).startswith('Could not find device for node: {{node ExtractImagePatches}} = '
                                        'ExtractImagePatches[T=DT_BOOL, ksizes=[1, 2, 2, 1], padding="VALID", ')
