import { Link } from 'sheaf/runtime'

export interface OverviewGroup {
  name: string
  items: { text: string; link: string; description: string; headers: { text: string; id: string; depth: number }[] }[]
}

/** SPEC §9: an overview lists each page's headings down to this depth. */
export const overviewHeadersDepth = 2

/** The index of an overview page: one card per page, grouped by sidebar section ('Others' by default). */
export function OverviewIndex({ groups }: { groups: OverviewGroup[] }) {
  if (groups.length === 0) return null
  return (
    <div className="overview">
      {groups.map((group) => (
        <section key={group.name} className="overview__group" aria-label={group.name}>
          <h2 className="overview__group-title">{group.name}</h2>
          <ul className="overview__grid">
            {group.items.map((item) => {
              const headers = item.headers.filter((header) => header.depth <= overviewHeadersDepth)
              return (
                <li key={item.link} className="overview__card">
                  <h3 className="overview__title">
                    <Link to={item.link}>{item.text}</Link>
                  </h3>
                  {item.description ? <p className="overview__description">{item.description}</p> : null}
                  {headers.length > 0 ? (
                    <ul className="overview__headers">
                      {headers.map((header) => (
                        <li key={header.id}>
                          <Link to={`${item.link}#${header.id}`}>{header.text}</Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </div>
  )
}
