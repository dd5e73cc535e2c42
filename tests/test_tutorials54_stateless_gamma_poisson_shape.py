"""tf.random.stateless_gamma / stateless_poisson with a shape that does not end with the parameters' shape
(guide/random_numbers' stateless draws, alpha=[0.5, 1.5] under shape [2, 3]) raise TF 2.21's kernel error,
word for word: gamma's wrapper adds the ' name: ' tail, poisson's does not. tapeflow put its own sentence
first ('StatelessRandomGammaV3: shape [2, 3] must end with ...'); it is a note now. Texts: TF 2.21
(notes progs/tutorials54/rng.py, probes/gp.py)."""
import numpy as np
import pytest

import framework as tf

WRAPPED = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
SHAPE = 'Shape passed in must end with broadcasted shape.'
GAMMA = WRAPPED % 'StatelessRandomGammaV3' + SHAPE + ' [Op:StatelessRandomGammaV3] name: '
POISSON = WRAPPED % 'StatelessRandomPoisson' + SHAPE + ' [Op:StatelessRandomPoisson]'


@pytest.mark.parametrize('draw, text', [
    (lambda: tf.random.stateless_gamma([2, 3], seed=[1, 2], alpha=[0.5, 1.5]), GAMMA),
    (lambda: tf.random.stateless_gamma([3], seed=[1, 2], alpha=[[0.5, 1.5, 1.]]), GAMMA),
    (lambda: tf.random.stateless_gamma([2, 3], seed=[1, 2], alpha=tf.constant([0.5, 1.5])), GAMMA),
    (lambda: tf.random.stateless_gamma([2, 3], seed=[1, 2], alpha=np.float32([0.5, 1.5])), GAMMA),
    (lambda: tf.random.stateless_gamma([2, 3], seed=[1, 2], alpha=1., beta=[1., 2.]), GAMMA),
    (lambda: tf.random.stateless_gamma([2, 3], seed=[1, 2], alpha=[1., 2.], dtype=tf.float64), GAMMA),
    (lambda: tf.random.stateless_poisson([3, 2], seed=[1, 2], lam=[1., 5., 2.]), POISSON),
    (lambda: tf.random.stateless_poisson([3], seed=[1, 2], lam=tf.constant([[1.]])), POISSON),
    (lambda: tf.random.stateless_poisson([3, 2], seed=[1, 2], lam=tf.constant([1., 5., 2.]), dtype=tf.float32),
     POISSON),
])
def test_the_kernel_words(draw, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        draw()
    assert str(caught.value) == text
    assert "must end with the parameters' broadcast shape" in caught.value.__notes__[0]


def test_shapes_that_end_with_the_parameters_still_draw():
    # TF 2.21 draws these (shape [2, 2] under alpha [0.5, 1.5]; lam [1., 5.] under [3, 2])
    assert tf.random.stateless_gamma([2, 2], seed=[1, 2], alpha=[0.5, 1.5]).shape == (2, 2)
    assert tf.random.stateless_poisson([3, 2], seed=[1, 2], lam=[1., 5.]).shape == (3, 2)
