"""Python's own argument errors of the base optimizer name Keras 3's class: TF 2.21 says BaseOptimizer."""
import pytest

from framework import keras


def test_the_base_optimizer_without_a_learning_rate_names_base_optimizer():
    with pytest.raises(TypeError) as caught:
        keras.optimizers.Optimizer(bogus_arg=1)
    # TF 2.21 gives this text (ctorsweep2's probe)
    assert str(caught.value) == "BaseOptimizer.__init__() missing 1 required positional argument: 'learning_rate'"


def test_a_concrete_optimizer_refuses_an_unknown_keyword_in_keras_words():
    with pytest.raises(ValueError) as caught:
        keras.optimizers.Adam(bogus_arg=1)
    assert str(caught.value) == "Argument(s) not recognized: {'bogus_arg': 1}"
