"""``tf.data.Options`` and its groups: settings a pipeline carries (``ds.with_options(options)``,
read back by ``ds.options()``). tapeflow's stages run in order on one thread, so the settings change
nothing they compute; they are kept, typed and merged as TensorFlow keeps them, so programs that set
them (distribution tutorials set ``experimental_distribute.auto_shard_policy``) run unchanged."""
import enum
from ..keras_repr import default_repr


class AutoShardPolicy(enum.IntEnum):
    """How a distributed input pipeline is split across workers (one worker here)."""
    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


class ExternalStatePolicy(enum.Enum):
    WARN = 0
    IGNORE = 1
    FAIL = 2


class _OptionsGroup:
    """Fields declared as {name: (type, default)} in ``_FIELDS``; setting another name, or a value of
    another type, raises as TensorFlow's OptionsBase does. A field left unset reads as its default."""
    _FIELDS = {}
    _ALIASES = {}

    def __init__(self):
        object.__setattr__(self, '_values', {})

    def __getattr__(self, name):
        name = self._ALIASES.get(name, name)
        if name.startswith('_') or name not in self._FIELDS:
            raise AttributeError('%s has no option %r' % (type(self).__name__, name))
        kind, default = self._FIELDS[name]
        if name not in self._values and isinstance(default, type):
            self._values[name] = default()          # a nested group, created on first read
            if self.__dict__.get('_frozen'):
                self._values[name]._freeze()
        return self._values.get(name, default)

    def __setattr__(self, name, value):
        if self.__dict__.get('_frozen'):
            raise ValueError('Mutating `tf.data.Options()` returned by `tf.data.Dataset.options()` has no effect. '
                             'Use `tf.data.Dataset.with_options(options)` to set or update dataset options.')
        name = self._ALIASES.get(name, name)
        if name not in self._FIELDS:
            raise AttributeError('Cannot set the property %s on %s.' % (name, type(self).__name__))
        kind = self._FIELDS[name][0]
        if value is not None and not isinstance(value, kind):
            raise TypeError('Property "%s" must be of type %s, got: %s (type: %s)' % (name, kind, value, type(value)))
        self._values[name] = value

    def __eq__(self, other):
        return type(self) is type(other) and self._set_values() == other._set_values()

    def __ne__(self, other):
        return not self == other

    def _set_values(self):
        return {k: v for k, v in self._values.items() if not (isinstance(v, _OptionsGroup) and not v._set_values())}

    def _freeze(self):
        """Make this group and the groups in it refuse changes: what ``Dataset.options()`` returns (TF's
        ``_set_mutable(False)``: its settings are a copy, so changing them would change nothing)."""
        object.__setattr__(self, '_frozen', True)
        for value in self._values.values():
            if isinstance(value, _OptionsGroup):
                value._freeze()
        return self

    def merge(self, other):
        """A new group: this one's settings with ``other``'s set values on top (TF's merge order)."""
        merged = type(self)()
        for source in (self, other):
            for name, value in source._values.items():
                if isinstance(value, _OptionsGroup):
                    current = merged._values.get(name)
                    merged._values[name] = current.merge(value) if current is not None else value.merge(type(value)())
                elif value is not None:
                    merged._values[name] = value
        return merged


class AutotuneOptions(_OptionsGroup):
    _FIELDS = {'enabled': (bool, None), 'cpu_budget': (int, None), 'ram_budget': (int, None),
               'autotune_algorithm': (object, None), 'initial_parallelism': (int, None),
               'min_parallelism': (int, None)}


class DistributeOptions(_OptionsGroup):
    _FIELDS = {'auto_shard_policy': (AutoShardPolicy, AutoShardPolicy.AUTO), 'num_devices': (int, None)}


class OptimizationOptions(_OptionsGroup):
    _FIELDS = {name: (bool, None) for name in (
        'apply_default_optimizations', 'filter_fusion', 'filter_parallelization', 'inject_prefetch',
        'map_and_batch_fusion', 'map_and_filter_fusion', 'map_fusion', 'map_parallelization', 'noop_elimination',
        'parallel_batch', 'seq_interleave_prefetch', 'shuffle_and_repeat_fusion', 'warm_start')}


class ThreadingOptions(_OptionsGroup):
    _FIELDS = {'max_intra_op_parallelism': (int, None), 'private_threadpool_size': (int, None)}


class Options(_OptionsGroup):
    """``tf.data.Options``: ``deterministic`` (alias ``experimental_deterministic``), ``autotune``,
    ``experimental_distribute``, ``experimental_optimization``, ``threading`` (alias
    ``experimental_threading``), ``experimental_slack``, ... ."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it
    _FIELDS = {'deterministic': (bool, None), 'autotune': (AutotuneOptions, AutotuneOptions),
               'experimental_distribute': (DistributeOptions, DistributeOptions),
               'experimental_external_state_policy': (ExternalStatePolicy, None),
               'experimental_optimization': (OptimizationOptions, OptimizationOptions),
               'experimental_slack': (bool, None), 'experimental_symbolic_checkpoint': (bool, None),
               'experimental_warm_start': (bool, None), 'framework_type': (list, None),
               'threading': (ThreadingOptions, ThreadingOptions)}
    _ALIASES = {'experimental_deterministic': 'deterministic', 'experimental_threading': 'threading'}
