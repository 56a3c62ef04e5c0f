import type { LinkedMember } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../i18n';
import { useMemberLinks } from '../api/member-links';

/** Members drawn around the member in the graph; the list below it names every one. */
const GRAPH_MEMBERS = 12;

/** The members who share something identifying with this one: a small graph and the list, each saying what is shared. */
export function MemberLinks({ memberId, phone }: { memberId: string; phone: string }) {
  const { t } = useTranslation();
  const links = useMemberLinks(memberId);
  const linked = links.data?.members ?? [];
  return (
    <section className="space-y-2 rounded-xl border border-white/10 bg-desk-900 p-4" data-testid="member-links">
      <h2 className="font-bold">{t('members.links.title')}</h2>
      <p className="text-sm text-white/50">{t('members.links.hint')}</p>
      {links.error && <p className="text-sm text-rose-300">{errorText(links.error)}</p>}
      {links.data && linked.length === 0 && <p className="text-sm" data-testid="member-links-none">{t('members.links.none')}</p>}
      {linked.length > 0 && (
        <div className="grid grid-cols-[minmax(0,420px)_1fr] items-start gap-4">
          <LinkGraph phone={phone} linked={linked.slice(0, GRAPH_MEMBERS)} />
          <table className="w-full text-sm" data-testid="member-links-list">
            <thead className="text-left text-white/50">
              <tr>
                <th className="py-1 pr-3 font-normal">{t('members.links.member')}</th>
                <th className="py-1 font-normal">{t('members.links.shared')}</th>
              </tr>
            </thead>
            <tbody>
              {linked.map((member) => (
                <tr key={member._id} className="border-t border-white/5 align-top" data-testid={`member-link-${member._id}`}>
                  <td className="py-1 pr-3">
                    <Link className="font-mono underline" to={`/members/${member._id}`}>{member.phone}</Link>
                    <div className="text-white/70">
                      {member.name}
                      {member.status === 'blocked' && <span className="ml-2 text-rose-300">{t('members.statusBlocked')}</span>}
                    </div>
                  </td>
                  <td className="py-1">
                    <ul>
                      {member.shares.map((share) => (
                        <li key={`${share.kind}:${share.value}`}>
                          <span className="text-white/50">{t(`members.links.kinds.${share.kind}`)}:</span>{' '}
                          <span className="break-all font-mono text-xs">{share.value}</span>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {linked.length > GRAPH_MEMBERS && <p className="text-xs text-white/50">{t('members.links.graphFirst', { shown: GRAPH_MEMBERS })}</p>}
      {links.data?.more && <p className="text-xs text-accent-300" data-testid="member-links-more">{t('members.links.more')}</p>}
    </section>
  );
}

const WIDTH = 420;
const HEIGHT = 300;
const CENTRE = { x: WIDTH / 2, y: HEIGHT / 2 };

/** This member in the middle, the linked members on an ellipse around, each edge labelled by what is shared. */
function LinkGraph({ phone, linked }: { phone: string; linked: LinkedMember[] }) {
  const { t } = useTranslation();
  const placed = linked.map((member, index) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * index) / linked.length;
    return { member, x: CENTRE.x + Math.cos(angle) * (WIDTH / 2 - 56), y: CENTRE.y + Math.sin(angle) * (HEIGHT / 2 - 34) };
  });
  const kindsOf = (member: LinkedMember) => [...new Set(member.shares.map((share) => t(`members.links.short.${share.kind}`)))].join(' · ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="w-full" role="img" aria-label={t('members.links.graph', { count: linked.length })} data-testid="member-links-graph">
      {placed.map(({ member, x, y }) => (
        <g key={`edge-${member._id}`}>
          <line x1={CENTRE.x} y1={CENTRE.y} x2={x} y2={y} className="stroke-white/25" strokeWidth={1.5} />
          <text x={(CENTRE.x + x) / 2} y={(CENTRE.y + y) / 2 - 3} textAnchor="middle" className="fill-accent-300 text-[10px]">{kindsOf(member)}</text>
        </g>
      ))}
      <circle cx={CENTRE.x} cy={CENTRE.y} r={22} className="fill-accent-400" />
      <text x={CENTRE.x} y={CENTRE.y + 4} textAnchor="middle" className="fill-desk-950 text-[10px] font-bold">{t('members.links.thisMember')}</text>
      <text x={CENTRE.x} y={CENTRE.y + 36} textAnchor="middle" className="fill-white/70 font-mono text-[10px]">{phone}</text>
      {placed.map(({ member, x, y }) => (
        <g key={`node-${member._id}`}>
          <title>{`${member.phone} · ${member.name}`}</title>
          <circle cx={x} cy={y} r={9} className={member.status === 'blocked' ? 'fill-rose-400' : 'fill-desk-700 stroke-white/60'} />
          <text x={x} y={y + 21} textAnchor="middle" className="fill-white/80 font-mono text-[10px]">{member.phone}</text>
        </g>
      ))}
    </svg>
  );
}
