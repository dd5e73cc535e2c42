"""Labels and predictions of shapes that do not broadcast: the loss's first op refuses them as TF's
(framework/losses/shape_mismatch.py). Eagerly, the kernel's InvalidArgumentError; in a fit / evaluate
step or train_on_batch, which TF traces, the graph's ValueError. Texts printed by TF 2.21 / Keras 3.15
for the same calls (/work/notes/progs/me16/lerr.py, tob2.py)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

Y, P = np.full((4, 2), 0.5, 'float32'), np.full((4, 3), 0.5, 'float32')
KERNEL = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible ' \
         'shapes: [%s] vs. [%s] [Op:%s] name: '


@pytest.mark.parametrize('name, kernel, first, second', [
    ('mean_squared_error', 'Sub', '4,2', '4,3'), ('mean_absolute_error', 'Sub', '4,2', '4,3'),
    ('mean_absolute_percentage_error', 'Sub', '4,2', '4,3'), ('mean_squared_logarithmic_error', 'Sub', '4,3', '4,2'),
    ('huber', 'Sub', '4,3', '4,2'), ('log_cosh', 'Sub', '4,3', '4,2'), ('cosine_similarity', 'Mul', '4,2', '4,3'),
    ('kl_divergence', 'RealDiv', '4,2', '4,3'), ('poisson', 'Mul', '4,2', '4,3'), ('hinge', 'Mul', '4,2', '4,3'),
    ('squared_hinge', 'Mul', '4,2', '4,3'), ('categorical_hinge', 'Mul', '4,2', '4,3'), ('dice', 'Mul', '4,2', '4,3'),
    ('tversky', 'Mul', '4,2', '4,3'),
])
def test_eagerly_the_loss_s_first_kernel_refuses_the_shapes_as_tf(name, kernel, first, second):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        getattr(keras.losses, name)(Y, P)
    assert str(caught.value) == KERNEL % (kernel, first, second, kernel)
    assert 'cannot be compared with y_pred' in caught.value.__notes__[0]      # tapeflow's words stay as a note


def test_the_correlation_metrics_refuse_them_in_their_product():
    for name in ('pearson_correlation', 'concordance_correlation'):
        with pytest.raises(tf.errors.InvalidArgumentError) as caught:
            getattr(keras.metrics, name)(Y, P)
        assert str(caught.value) == KERNEL % ('Mul', '4,2', '4,3', 'Mul')


GRAPH = ("Dimensions must be equal, but are %s and %s for '{{node compile_loss/%s}} = %s[T=DT_FLOAT](%s, %s)' "
         "with input shapes: [?,%s], [?,%s].")


@pytest.mark.parametrize('loss, expected', [
    ('mse', GRAPH % (2, 3, 'mse/sub', 'Sub', 'data_1', 'seq_1/d_1/BiasAdd', 2, 3)),
    ('msle', GRAPH % (3, 2, 'msle/sub', 'Sub', 'compile_loss/msle/Log', 'compile_loss/msle/Log_1', 3, 2)),
    ('huber', GRAPH % (3, 2, 'huber/Sub', 'Sub', 'seq_1/d_1/BiasAdd', 'data_1', 3, 2)),
    (keras.losses.Huber(), GRAPH % (3, 2, 'huber_loss/Sub', 'Sub', 'seq_1/d_1/BiasAdd', 'data_1', 3, 2)),
    ('kld', GRAPH % (2, 3, 'kld/truediv', 'RealDiv', 'compile_loss/kld/clip_by_value',
                     'compile_loss/kld/clip_by_value_1', 2, 3)),
    ('poisson', GRAPH % (2, 3, 'poisson/mul', 'Mul', 'data_1', 'compile_loss/poisson/Log', 2, 3)),
    ('hinge', GRAPH % (2, 3, 'hinge/mul', 'Mul', 'compile_loss/hinge/cond/Identity', 'seq_1/d_1/BiasAdd', 2, 3)),
    ('cosine_similarity', GRAPH % (2, 3, 'cosine_similarity/mul_2', 'Mul', 'compile_loss/cosine_similarity/mul_1',
                                   'compile_loss/cosine_similarity/mul', 2, 3)),
])
def test_a_fit_step_raises_the_graph_s_value_error_as_tf(loss, expected):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3, name='d')], name='seq')
    model.compile('sgd', loss)
    with pytest.raises(ValueError) as caught:
        model.fit(np.zeros((4, 2)), np.full((4, 2), 0.5), verbose=0)
    assert str(caught.value) == expected
    with pytest.raises(ValueError) as caught:
        model.evaluate(np.zeros((4, 2)), np.full((4, 2), 0.5), verbose=0)
    assert str(caught.value) == expected


def test_run_eagerly_keeps_the_kernel_error():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(3)])
    model.compile('sgd', 'mse', run_eagerly=True)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[4,2\] vs\. \[4,3\]'):
        model.fit(np.zeros((4, 2)), np.full((4, 2), 0.5), verbose=0)


def test_a_failed_trace_is_not_kept_so_every_call_raises_from_its_own_trace():
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(2, name='d')], name='seq')
    model.compile('sgd', 'mse')
    text = ("Dimensions must be equal, but are 3 and 2 for '{{node compile_loss/mse/sub}} = Sub[T=DT_FLOAT](data_1, "
            "seq_1/d_1/BiasAdd)' with input shapes: [%s], [2,2].")
    for y, shape in [(np.ones((3, 2), 'float32'), '3,2'), (np.ones((2, 3), 'float32'), '2,3')]:
        for call in (model.train_on_batch, model.test_on_batch):
            with pytest.raises(ValueError) as caught:
                call(np.ones((2, 4)), y)
            assert str(caught.value) == text % shape
    assert np.isfinite(model.train_on_batch(np.ones((2, 4)), np.ones((2, 2))))      # a good batch still trains
