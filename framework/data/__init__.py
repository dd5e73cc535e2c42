"""``framework.data``: the part of ``tf.data`` that training programs use.

A Dataset is a re-iterable pipeline of elements (tensors, or tuples / dicts of
them). Stages are lazy generators over host (numpy) arrays; each element is
handed out as framework tensors. Shuffling draws from ``framework.random``'s
streams, so ``framework.random.set_seed`` makes it repeat.
"""
from .dataset import AUTOTUNE, Dataset  # noqa: F401

experimental = type('experimental', (), {'AUTOTUNE': AUTOTUNE})
