"""``tf.types.experimental.distributed``: the types of values a distribution strategy hands out.

With tapeflow's one replica ``strategy.run`` returns plain values, as TensorFlow's strategies do
on one device; these classes are there for type hints and for user subclasses.
"""

__all__ = ['Mirrored', 'PerReplica']


class DistributedValues:
    """A value with one component per replica."""


class PerReplica(DistributedValues):
    """Values that may differ between replicas (what ``strategy.run`` returns on several)."""


class Mirrored(DistributedValues):
    """Values kept equal on every replica (a mirrored variable's)."""
