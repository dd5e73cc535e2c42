"""One update over many small variables: their values, slots and gradients as one flat array.

Every optimizer here updates each element on its own (``m += (g - m) * c``, ...),
so running ``update_step`` once on the concatenation of the variables gives
exactly the bits of running it once per variable. For small models that is
the whole cost: each array op costs about a microsecond of dispatch however
few its elements, and a Nadam step is ~18 ops per variable (on a GPU, ~18
kernel launches). The seed model's four variables take 4x fewer ops this way.

The flat buffers are the storage: each variable's ``_data`` (and each slot's)
is a view into its group's buffer, so nothing is copied in or out but the
gradients. Anything that rebinds a ``_data`` (``Variable._detach`` when a tape
still holds the old values, an optimizer-state load) breaks the link; each
step checks the links by identity and, if one is broken, gathers the current
values into fresh buffers (never writing into the old ones, which a tape's
snapshot may share).
"""
import operator

from framework import backend

# Groups up to this many elements in all go flat on the CPU: above it, the
# per-op dispatch the flat path saves is small beside the arithmetic, and
# copying the gradients in is one more pass over memory. On a GPU the
# launches it saves matter at any size.
CPU_FLAT_LIMIT = 1 << 18

_DATA = operator.attrgetter('_data')


class FlatGroup:
    """Variables of one dtype and device, updated as one array.

    Stands in for a Variable in ``update_step``: it has ``_data`` (the flat
    values) and ``dtype``, and ``SlotStore.arrays`` answers for it with flat slots.
    """

    def __init__(self, variables, slots):
        self.variables = list(variables)
        self._store = slots
        first = self.variables[0]._data
        self.dtype = first.dtype
        self._xp = backend.array_module(first)
        self._sizes = [v._data.size for v in self.variables]
        self._offsets = [sum(self._sizes[:i]) for i in range(len(self._sizes))]
        self._grad = self._xp.empty(sum(self._sizes), self.dtype)
        self._grad_views = self._views(self._grad)
        # What lives in a flat buffer, by slot name (None: the variables' own values):
        # (flat buffer, the Variables whose _data are its views, those views).
        self._linked = {}
        self._data = None
        self._link(None)

    def _views(self, flat):
        return [flat[o:o + n].reshape(v._data.shape)
                for v, o, n in zip(self.variables, self._offsets, self._sizes)]

    def _link(self, name):
        """Gather the current values of the variables (name None) or of their slot
        ``name`` into a new flat buffer, and make each one's ``_data`` its view."""
        owners = self.variables if name is None else [self._store.get(v, name) for v in self.variables]
        flat = self._xp.empty(self._grad.size, self.dtype)
        views = self._views(flat)
        for owner, view in zip(owners, views):
            view[...] = owner._data
            owner._data = view
        self._linked[name] = (flat, owners, views)
        # every link's owners and views in one pair of lists: prepare checks them all at once
        self._all_owners = [owner for _, owners, _ in self._linked.values() for owner in owners]
        self._all_views = [view for _, _, views in self._linked.values() for view in views]
        if name is None:
            self._data = flat           # update_step writes the values here in place

    def prepare(self, grads):
        """Check the links (re-gathering what was rebound) and copy ``grads`` in."""
        # (the identities compared in C: map over the owners' arrays; every link at once, then, where
        # one is broken, link by link)
        if not all(map(operator.is_, map(_DATA, self._all_owners), self._all_views)):
            for name, (_, owners, views) in list(self._linked.items()):
                if not all(map(operator.is_, map(_DATA, owners), views)):
                    self._link(name)
        # (one assignment per gradient: numpy's concatenate(..., out=) measured slower for a few
        # small gradients, its array-function dispatch running Python code)
        for view, grad in zip(self._grad_views, grads):
            view[...] = grad
        return self._grad

    def slot_arrays(self, names):
        out = []
        for name in names:
            if name not in self._linked:
                self._link(name)
            out.append(self._linked[name][0])
        return out


def update_plan(optimizer, variables):
    """How to update ``variables``: a list of (FlatGroup or None, indices into ``variables``).

    Variables of one dtype and device share a FlatGroup when there are several
    and (on the CPU) they are small; the rest go one by one (None). The plan
    is cached on the optimizer by the variables' identities (the FlatGroups
    hold their variables, so those identities cannot be reused while cached).
    """
    key = tuple(map(id, variables))
    cached = optimizer._flat_plan
    if cached is not None and cached[0] == key:
        return cached[1]
    if len(set(key)) < len(key):
        # A variable listed twice is updated twice, one pair after the other, as Keras 3 does (both
        # updates use its one set of slots); a flat group would hold two views of it and keep one.
        plan = [(None, list(range(len(variables))))]
        optimizer._flat_plan = (key, plan)
        return plan
    by_kind = {}
    for i, variable in enumerate(variables):
        data = variable._data
        by_kind.setdefault((data.dtype, backend.is_device_array(data)), []).append(i)
    plan = []
    for (_, on_device), indices in by_kind.items():
        group_vars = [variables[i] for i in indices]
        if len(indices) > 1 and (on_device or sum(v._data.size for v in group_vars) <= CPU_FLAT_LIMIT):
            plan.append((FlatGroup(group_vars, optimizer._slots), indices))
        else:
            plan.append((None, indices))
    optimizer._flat_plan = (key, plan)
    return plan
